package io.envhub.registry.security;

import io.envhub.registry.token.TokenService;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Turns a presented personal access token into a {@link SecurityIdentity}: principal = the owner's name, roles = the
 * realm roles seen at their last Keycloak sign-in, plus the owner id and the token's scopes as attributes (read by
 * {@link Caller}). The database look-up runs on a worker thread, never on the event loop.
 */
@ApplicationScoped
public class PersonalTokenIdentityProvider implements IdentityProvider<PersonalTokenRequest> {
    /** Identity attribute: the id of the token used (Long). */
    public static final String TOKEN_ID_ATTRIBUTE = "envhub.token.id";

    private final TokenService tokens;

    public PersonalTokenIdentityProvider(TokenService tokens) {
        this.tokens = tokens;
    }

    @Override
    public Class<PersonalTokenRequest> getRequestType() {
        return PersonalTokenRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(PersonalTokenRequest request, AuthenticationRequestContext context) {
        return context.runBlocking(() -> tokens.authenticate(request.token())
                .map(PersonalTokenIdentityProvider::identity)
                // one answer for unknown, revoked and expired tokens: no hint which
                .orElseThrow(() -> new AuthenticationFailedException("invalid personal access token")));
    }

    private static SecurityIdentity identity(TokenService.Grant grant) {
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(grant.ownerName()))
                .addRoles(grant.roles())
                .addAttribute(Caller.TOKEN_OWNER_ATTRIBUTE, grant.ownerId())
                .addAttribute(Caller.TOKEN_SCOPES_ATTRIBUTE, grant.scopes())
                .addAttribute(TOKEN_ID_ATTRIBUTE, grant.tokenId())
                .build();
    }
}
