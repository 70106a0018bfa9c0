package io.envhub.web.settings;

import io.envhub.web.account.Viewer;
import io.envhub.web.hub.SettingsClient;
import io.envhub.web.hub.InvitationsClient;
import io.envhub.web.hub.InvitationsClient.Invitation;
import io.envhub.web.hub.SettingsClient.Account;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** {@code /settings/profile}: the account as the hub knows it, its organisations, and where to change it (Keycloak). */
@Path("/settings/profile")
@Produces(MediaType.TEXT_HTML)
public class ProfileResource {
    private final Viewer viewer;
    private final SettingsClient hub;
    private final InvitationsClient invitations;
    private final String accountConsole;

    public ProfileResource(Viewer viewer, SettingsClient hub, InvitationsClient invitations,
                           @ConfigProperty(name = "quarkus.oidc.auth-server-url") String realmUrl) {
        this.viewer = viewer;
        this.hub = hub;
        this.invitations = invitations;
        this.accountConsole = realmUrl.replaceAll("/+$", "") + "/account";
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance profile(Viewer viewer, Account account, String accountConsole, String problem,
                                               List<Invitation> invitations, String flash);
    }

    /** The profile, with the organisation invitations waiting for an answer and the message of the last answer. */
    @GET
    public Response profile(@CookieParam(Flash.COOKIE) String flashCookie) {
        String flash = Flash.read(flashCookie);
        List<Invitation> pending;
        try {
            pending = ApiProblem.call(() -> invitations.mine(viewer.bearer()));
        } catch (ApiProblem.Refused e) {
            pending = List.of();
        }
        TemplateInstance page;
        try {
            page = Templates.profile(viewer, ApiProblem.call(() -> hub.account(viewer.bearer())), accountConsole, null,
                    pending, flash);
        } catch (ApiProblem.Refused e) {
            page = Templates.profile(viewer, null, accountConsole, e.problem().detail(), pending, flash);
        }
        return Flash.clearOn(Response.ok(page).type(MediaType.TEXT_HTML_TYPE), flash).build();
    }
}
