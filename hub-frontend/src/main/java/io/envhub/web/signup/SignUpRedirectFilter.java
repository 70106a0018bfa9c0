package io.envhub.web.signup;

import io.quarkus.arc.Unremovable;
import io.quarkus.oidc.OidcRedirectFilter;
import io.quarkus.oidc.Redirect;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Asks Keycloak for its registration form instead of the login form when the sign-in starts at {@code /signup}:
 * adds {@code prompt=create} (OpenID Connect "Initiating User Registration") to that authorization request only.
 */
@ApplicationScoped
@Unremovable
@Redirect(Redirect.Location.OIDC_AUTHORIZATION)
public class SignUpRedirectFilter implements OidcRedirectFilter {
    /** The path that starts a sign-up. */
    public static final String PATH = "/signup";

    @Override
    public void filter(OidcRedirectContext context) {
        if (PATH.equals(context.routingContext().normalizedPath())) {
            context.additionalQueryParams().add("prompt", "create");
        }
    }
}
