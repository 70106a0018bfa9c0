package io.envhub.web.account;

import io.envhub.web.hub.HubApi;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/** Sign-in landing and the account page (needs a signed-in user; see the permission in application.properties). */
@Path("/")
public class AccountResource {
    private static final Logger LOG = Logger.getLogger(AccountResource.class);

    private final Viewer viewer;
    private final HubApi hub;

    public AccountResource(Viewer viewer, @RestClient HubApi hub) {
        this.viewer = viewer;
        this.hub = hub;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance account(Viewer viewer, HubApi.Me me, String problem);
    }

    /** Reached after Keycloak's login page; sends the user on to their account. */
    @GET
    @Path("login")
    public Response login() {
        return Response.seeOther(URI.create("/account")).build();
    }

    @GET
    @Path("account")
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance account() {
        try {
            return Templates.account(viewer, hub.me(viewer.bearer()), null);
        } catch (RuntimeException e) {
            LOG.warnf("hub API unavailable for the account page: %s", e.getMessage());
            return Templates.account(viewer, null, "The hub API is not reachable right now; showing what your sign-in says.");
        }
    }
}
