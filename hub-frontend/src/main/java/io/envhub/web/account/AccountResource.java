package io.envhub.web.account;

import io.envhub.web.view.ReturnPath;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/**
 * Sign-in landing: {@code /login} (and the older {@code /account}) need a signed-in user (see the permission in
 * application.properties) and send them on: back to {@code next} when it is a path on this site (the page the
 * sign-in link was on), else to their profile, {@code /settings/profile}.
 */
@Path("/")
public class AccountResource {
    private static final URI PROFILE = URI.create("/settings/profile");

    /** Reached after Keycloak's login page; sends the user back where they came from, or to their profile. */
    @GET
    @Path("login")
    public Response login(@QueryParam("next") String next) {
        return Response.seeOther(ReturnPath.isLocal(next) ? URI.create(next) : PROFILE).build();
    }

    /** The account page moved to the profile settings page. */
    @GET
    @Path("account")
    public Response account() {
        return Response.seeOther(PROFILE).build();
    }
}
