package io.envhub.web.settings;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.SettingsClient.OwnEnvironment;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** {@code /settings/environments}: the user's own environments, private ones and failed versions included. */
@Path("/settings/environments")
@Produces(MediaType.TEXT_HTML)
public class OwnEnvironmentsResource {
    private final Viewer viewer;
    private final OwnEnvironments environments;

    public OwnEnvironmentsResource(Viewer viewer, OwnEnvironments environments) {
        this.viewer = viewer;
        this.environments = environments;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance environments(Viewer viewer, List<OwnEnvironment> environments);
    }

    @GET
    public Response list() {
        try {
            return Response.ok(Templates.environments(viewer, environments.of(viewer.bearer()))).build();
        } catch (ApiProblem.Refused e) {
            return SettingsPages.problem(viewer, e.problem(), "your environments");
        }
    }
}
