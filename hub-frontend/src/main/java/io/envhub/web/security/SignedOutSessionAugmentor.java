package io.envhub.web.security;

import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.SecurityIdentityAugmentor;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Checked on every request: a session cookie of a signed-out session (see {@link SignedOutSessions}) makes the
 * visitor anonymous, so they get the signed-out pages, and the sign-in pages send them to Keycloak again.
 */
@ApplicationScoped
public class SignedOutSessionAugmentor implements SecurityIdentityAugmentor {
    private final SignedOutSessions signedOut;

    public SignedOutSessionAugmentor(SignedOutSessions signedOut) {
        this.signedOut = signedOut;
    }

    @Override
    public Uni<SecurityIdentity> augment(SecurityIdentity identity, AuthenticationRequestContext context) {
        if (!identity.isAnonymous() && identity.getPrincipal() instanceof JsonWebToken idToken
                && signedOut.contains(SignedOutSessions.key(idToken))) {
            return Uni.createFrom().item(QuarkusSecurityIdentity.builder().setAnonymous(true)
                    .setPrincipal(new QuarkusPrincipal("")).build());
        }
        return Uni.createFrom().item(identity);
    }
}
