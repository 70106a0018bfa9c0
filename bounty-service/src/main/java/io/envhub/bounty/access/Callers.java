package io.envhub.bounty.access;

import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** The request's {@link Actor}, read from the bearer token (Keycloak subject, username, realm roles). */
@RequestScoped
public class Callers {
    private final SecurityIdentity identity;
    private final JsonWebToken token;
    private Actor actor;

    public Callers(SecurityIdentity identity, JsonWebToken token) {
        this.identity = identity;
        this.token = token;
    }

    /** Who is calling ({@link Actor#ANONYMOUS} without a token). */
    public Actor actor() {
        if (actor == null) {
            if (identity.isAnonymous() || token == null || token.getSubject() == null) {
                actor = Actor.ANONYMOUS;
            } else {
                String username = token.getClaim("preferred_username");
                actor = new Actor(token.getSubject(), username == null ? token.getSubject() : username,
                        identity.hasRole("admin"), identity.hasRole("sponsor"), identity.hasRole("contributor"));
            }
        }
        return actor;
    }
}
