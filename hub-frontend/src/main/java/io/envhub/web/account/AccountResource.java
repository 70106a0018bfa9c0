package io.envhub.web.account;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/**
 * Sign-in landing: {@code /login} (and the older {@code /account}) need a signed-in user (see the permission in
 * application.properties) and send them on to their profile, {@code /settings/profile}.
 */
@Path("/")
public class AccountResource {
    private static final URI PROFILE = URI.create("/settings/profile");

    /** Reached after Keycloak's login page; sends the user on to their profile. */
    @GET
    @Path("login")
    public Response login() {
        return Response.seeOther(PROFILE).build();
    }

    /** The account page moved to the profile settings page. */
    @GET
    @Path("account")
    public Response account() {
        return Response.seeOther(PROFILE).build();
    }
}
