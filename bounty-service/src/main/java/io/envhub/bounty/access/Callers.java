package io.envhub.bounty.access;

import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import jakarta.enterprise.inject.Produces;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** Produces the request's {@link Actor} from the bearer token (Keycloak realm roles). */
public class Callers {
    @Produces
    @RequestScoped
    Actor actor(SecurityIdentity identity, JsonWebToken token) {
        if (identity.isAnonymous() || token == null || token.getSubject() == null) {
            return Actor.ANONYMOUS;
        }
        String username = token.getClaim("preferred_username");
        return new Actor(token.getSubject(), username == null ? token.getSubject() : username, identity.hasRole("admin"),
                identity.hasRole("sponsor"), identity.hasRole("contributor"));
    }
}
