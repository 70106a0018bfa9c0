package io.envhub.web.signup;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/**
 * {@code /signup}: needs a signed-in user, so an anonymous visitor is sent to Keycloak, and
 * {@link SignUpRedirectFilter} turns that authorization request into Keycloak's registration form
 * ({@code prompt=create}). Once registered the user is signed in and lands here, and goes on to their profile.
 */
@Path("/signup")
public class SignUpResource {
    @GET
    public Response signedUp() {
        return Response.seeOther(URI.create("/settings/profile")).build();
    }
}
