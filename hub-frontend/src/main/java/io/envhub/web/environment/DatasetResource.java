package io.envhub.web.environment;

import io.envhub.web.view.Names;
import io.envhub.web.account.Viewer;
import io.envhub.web.error.Problems;
import io.envhub.web.hub.HubClient;
import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.VersionSummary;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/**
 * {@code /{owner}/{name}/dataset}: the environment page's Dataset tab, the first rows the validator saw of a version's
 * dataset (the newest validated version by default, else the latest; {@code ?version=} picks another).
 */
@Path("/")
public class DatasetResource {
    private final Viewer viewer;
    private final HubClient hub;

    public DatasetResource(Viewer viewer, HubClient hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance dataset(Viewer viewer, EnvironmentDetail env, String href, String version,
                                               List<VersionSummary> versions, DatasetView dataset);
    }

    @GET
    @Path(Names.ENVIRONMENT + "/dataset")
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance dataset(@PathParam("owner") String owner, @PathParam("name") String name,
                                    @QueryParam("version") String version) {
        String bearer = viewer.bearer();
        EnvironmentDetail env = hub.environment(bearer, owner, name);
        List<VersionSummary> versions = EnvironmentResource.await(hub.versions(bearer, env.owner(), env.name()));
        String shown = version;
        if (shown == null || shown.isBlank() || versions.stream().noneMatch(v -> v.version().equals(version))) {
            shown = env.validated() != null && env.validated().version() != null ? env.validated().version()
                    : env.latestVersion();
        }
        DatasetView dataset = null;
        if (shown != null) {
            try {
                dataset = DatasetView.of(hub.dataset(bearer, env.owner(), env.name(), shown));
            } catch (WebApplicationException e) {
                if (Problems.status(e) != 404) {
                    throw e;
                }
            }
        }
        return Templates.dataset(viewer, env, "/" + env.owner() + "/" + env.name(), shown, versions, dataset);
    }
}
