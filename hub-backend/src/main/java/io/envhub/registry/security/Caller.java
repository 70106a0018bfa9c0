package io.envhub.registry.security;

import io.envhub.registry.model.Owner;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.RequestScoped;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Who is calling: anonymous, a user with a Keycloak token (mirrored into {@code hub.owners} on first sight), or a
 * user with a personal access token (identity built by the token mechanism, with the token's scopes).
 */
@RequestScoped
public class Caller {
    /** Identity attribute set by the personal-access-token mechanism: the owner id (Long). */
    public static final String TOKEN_OWNER_ATTRIBUTE = "envhub.token.owner-id";
    /** Identity attribute set by the personal-access-token mechanism: the token's scopes (Set of String). */
    public static final String TOKEN_SCOPES_ATTRIBUTE = "envhub.token.scopes";
    /**
     * Identity attribute set by the personal-access-token mechanism: the one environment a trusted-publishing token may
     * upload to (Long; -1 for an ordinary token).
     */
    public static final String TOKEN_ENVIRONMENT_ATTRIBUTE = "envhub.token.environment-id";
    /** Token scopes. */
    public static final String READ = "read";
    public static final String PUBLISH = "publish";
    /** The scope of trusted-publishing tokens: upload new versions of one environment, nothing else. */
    public static final String UPLOAD = "upload";
    /** Realm roles the hub cares about. */
    public static final Set<String> HUB_ROLES = Set.of("contributor", "sponsor", "admin", "validator");

    private final SecurityIdentity identity;
    private final AccountService accounts;
    private Owner owner;
    private boolean resolved;

    public Caller(SecurityIdentity identity, AccountService accounts) {
        this.identity = identity;
        this.accounts = accounts;
    }

    public boolean isAnonymous() {
        return owner() == null;
    }

    /** The caller's owner row, or null when anonymous. */
    public Owner owner() {
        if (!resolved) {
            resolved = true;
            owner = resolve();
        }
        return owner;
    }

    /** The caller's owner id, or null when anonymous. */
    public Long ownerId() {
        Owner o = owner();
        return o == null ? null : o.id;
    }

    public String username() {
        Owner o = owner();
        return o == null ? null : o.name;
    }

    /** Realm roles (from the Keycloak token, or the user's current ones in Keycloak for a personal access token). */
    public Set<String> roles() {
        if (isAnonymous()) {
            return Set.of();
        }
        return identity.getRoles().stream().filter(HUB_ROLES::contains).collect(Collectors.toUnmodifiableSet());
    }

    public boolean isAdmin() {
        return roles().contains("admin");
    }

    /** True when the caller authenticated with a personal access token (not a Keycloak token). */
    public boolean isPersonalToken() {
        return identity.getAttribute(TOKEN_OWNER_ATTRIBUTE) != null;
    }

    /** The one environment the caller's trusted-publishing token may upload to; empty for every other caller. */
    public java.util.Optional<Long> tokenEnvironment() {
        Object id = identity.getAttribute(TOKEN_ENVIRONMENT_ATTRIBUTE);
        return id instanceof Long l && l >= 0 ? java.util.Optional.of(l) : java.util.Optional.empty();
    }

    /** Whether the caller's credentials allow this scope; Keycloak tokens allow every scope. */
    @SuppressWarnings("unchecked")
    public boolean hasScope(String scope) {
        if (isAnonymous()) {
            return false;
        }
        if (!isPersonalToken()) {
            return true;
        }
        Set<String> scopes = (Set<String>) identity.getAttribute(TOKEN_SCOPES_ATTRIBUTE);
        return scopes != null && scopes.contains(scope);
    }

    /** The scopes the caller's credentials allow: every scope for a Keycloak sign-in, the token's for a personal token. */
    @SuppressWarnings("unchecked")
    public Set<String> scopes() {
        if (isAnonymous()) {
            return Set.of();
        }
        if (!isPersonalToken()) {
            return Set.of(READ, PUBLISH);
        }
        Set<String> scopes = (Set<String>) identity.getAttribute(TOKEN_SCOPES_ATTRIBUTE);
        return scopes == null ? Set.of() : Set.copyOf(scopes);
    }

    private Owner resolve() {
        if (identity.isAnonymous()) {
            return null;
        }
        Object tokenOwner = identity.getAttribute(TOKEN_OWNER_ATTRIBUTE);
        if (tokenOwner != null) {
            return Owner.findById(tokenOwner);
        }
        if (identity.getPrincipal() instanceof JsonWebToken jwt && jwt.getClaim("preferred_username") != null) {
            Set<String> roles = identity.getRoles().stream().filter(HUB_ROLES::contains).collect(Collectors.toSet());
            return accounts.mirror(jwt.getSubject(), jwt.getClaim("preferred_username"), jwt.getClaim("name"),
                    jwt.getClaim("email"), roles);
        }
        return null;
    }
}
