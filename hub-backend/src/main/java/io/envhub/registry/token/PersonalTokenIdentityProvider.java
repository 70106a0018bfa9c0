package io.envhub.registry.token;

import io.envhub.registry.security.Caller;
import io.envhub.registry.security.UserState;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Turns a presented personal access token into a {@link SecurityIdentity}: principal = the owner's name, roles = the
 * user's CURRENT realm roles in Keycloak ({@link UserState}, cached briefly), plus the owner id and the token's scopes
 * as attributes (read by {@link Caller}). A token of a user who is disabled, deleted, or no longer has the role
 * {@code contributor} (or {@code admin}) is refused like an unknown one. The look-ups run on a worker thread.
 */
@ApplicationScoped
public class PersonalTokenIdentityProvider implements IdentityProvider<PersonalTokenRequest> {
    /** Identity attribute: the id of the token used (Long). */
    public static final String TOKEN_ID_ATTRIBUTE = "envhub.token.id";

    private static final Logger LOG = Logger.getLogger(PersonalTokenIdentityProvider.class);
    /** Realm roles that may use personal access tokens at all (the same that may create them). */
    static final Set<String> TOKEN_ROLES = Set.of("contributor", "admin");

    private final TokenService tokens;
    private final UserState users;

    public PersonalTokenIdentityProvider(TokenService tokens, UserState users) {
        this.tokens = tokens;
        this.users = users;
    }

    @Override
    public Class<PersonalTokenRequest> getRequestType() {
        return PersonalTokenRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(PersonalTokenRequest request, AuthenticationRequestContext context) {
        return context.runBlocking(() -> tokens.authenticate(request.token())
                .flatMap(this::withCurrentRoles)
                // one answer for unknown, revoked, expired and deprovisioned tokens: no hint which
                .orElseThrow(() -> new AuthenticationFailedException("invalid personal access token")));
    }

    /** The identity for a valid token whose user is still active with a token role in Keycloak; empty otherwise. */
    private Optional<SecurityIdentity> withCurrentRoles(TokenService.Grant grant) {
        Optional<UserState.State> state;
        try {
            state = users.of(grant.subject());
        } catch (UserState.Unavailable e) {
            // fail closed: without Keycloak's answer nobody can say the user still may act
            LOG.warnf("personal access token refused: user state unavailable (%s)", e.getMessage());
            return Optional.empty();
        }
        if (state.isEmpty() || !state.get().active()) {
            return Optional.empty();
        }
        Set<String> roles = state.get().realmRoles().stream().filter(Caller.HUB_ROLES::contains).collect(Collectors.toSet());
        if (roles.stream().noneMatch(TOKEN_ROLES::contains)) {
            return Optional.empty();
        }
        return Optional.of(identity(grant, roles));
    }

    private static SecurityIdentity identity(TokenService.Grant grant, Set<String> roles) {
        return QuarkusSecurityIdentity.builder()
                .setPrincipal(new QuarkusPrincipal(grant.ownerName()))
                .addRoles(roles)
                .addAttribute(Caller.TOKEN_OWNER_ATTRIBUTE, grant.ownerId())
                .addAttribute(Caller.TOKEN_SCOPES_ATTRIBUTE, grant.scopes())
                .addAttribute(TOKEN_ID_ATTRIBUTE, grant.tokenId())
                .addAttribute(Caller.TOKEN_ENVIRONMENT_ATTRIBUTE, grant.environmentId() == null ? -1L : grant.environmentId())
                .build();
    }
}
