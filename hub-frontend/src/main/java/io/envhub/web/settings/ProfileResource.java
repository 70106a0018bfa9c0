package io.envhub.web.settings;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.HubSettingsApi;
import io.envhub.web.hub.HubSettingsApi.Account;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/** {@code /settings/profile}: the account as the hub knows it, its organisations, and where to change it (Keycloak). */
@Path("/settings/profile")
@Produces(MediaType.TEXT_HTML)
public class ProfileResource {
    private final Viewer viewer;
    private final HubSettingsApi hub;
    private final String accountConsole;

    public ProfileResource(Viewer viewer, @RestClient HubSettingsApi hub,
                           @ConfigProperty(name = "quarkus.oidc.auth-server-url") String realmUrl) {
        this.viewer = viewer;
        this.hub = hub;
        this.accountConsole = realmUrl.replaceAll("/+$", "") + "/account";
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance profile(Viewer viewer, Account account, String accountConsole, String problem);
    }

    @GET
    public TemplateInstance profile() {
        try {
            return Templates.profile(viewer, ApiProblem.call(() -> hub.account(viewer.bearer())), accountConsole, null);
        } catch (ApiProblem.Refused e) {
            return Templates.profile(viewer, null, accountConsole, e.problem().detail());
        }
    }
}
