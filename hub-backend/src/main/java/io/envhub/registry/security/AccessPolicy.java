package io.envhub.registry.security;

import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Who may do what. Anonymous: read public. Contributors: publish to their own namespace and to organisations where
 * they are owner or maintainer. Organisation members read its private environments. Admins: everything.
 * Private environments are invisible (404) to everyone else.
 */
@ApplicationScoped
public class AccessPolicy {
    /** Organisation roles. */
    public static final String ORG_OWNER = "owner";
    public static final String ORG_MAINTAINER = "maintainer";
    public static final String ORG_MEMBER = "member";

    private final Caller caller;
    private final EntityManager em;

    public AccessPolicy(Caller caller, EntityManager em) {
        this.caller = caller;
        this.em = em;
    }

    /** Throws 401 unless someone is signed in. */
    public Owner requireSignedIn() {
        if (caller.isAnonymous()) {
            throw new ApiException.SignInRequired("Sign in with a Keycloak token or a personal access token.");
        }
        return caller.owner();
    }

    /** Throws 401 for anonymous callers, 403 when the caller's credentials lack this scope (a personal token's scopes). */
    public Owner requireScope(String scope) {
        Owner owner = requireSignedIn();
        if (!caller.hasScope(scope)) {
            throw new ApiException.Forbidden("This token has no '" + scope + "' scope.");
        }
        return owner;
    }

    /** Throws 401 for anonymous callers, 403 unless the caller has at least one of these realm roles. */
    public Owner requireAnyRole(String... roles) {
        Owner owner = requireSignedIn();
        for (String role : roles) {
            if (caller.roles().contains(role)) {
                return owner;
            }
        }
        throw new ApiException.Forbidden("This needs one of the roles: " + String.join(", ", roles) + ".");
    }

    /** Throws 401 for anonymous callers, 403 for callers using a personal access token (the detail says why). */
    public Owner requireInteractiveSignIn(String detail) {
        Owner owner = requireSignedIn();
        if (caller.isPersonalToken()) {
            throw new ApiException.Forbidden(detail);
        }
        return owner;
    }

    /** Whether the caller may manage an organisation (its members): its owners and admins, with the publish scope. */
    public boolean canManageOrg(Owner org) {
        if (caller.isAnonymous() || !caller.hasScope(Caller.PUBLISH) || !org.isOrg()) {
            return false;
        }
        return caller.isAdmin() || orgRole(org, caller.ownerId()).map(ORG_OWNER::equals).orElse(false);
    }

    /** Throws 401 for anonymous callers, 403 for callers that may not manage this organisation. */
    public void requireManageOrg(Owner org) {
        requireScope(Caller.PUBLISH);
        if (!canManageOrg(org)) {
            throw new ApiException.Forbidden("Only owners of '" + org.name + "' (and admins) may manage it.");
        }
    }

    /** The caller's role in an organisation, if a member. */
    public Optional<String> orgRole(Owner org, Long userId) {
        if (userId == null || !org.isOrg()) {
            return Optional.empty();
        }
        List<?> roles = em.createNativeQuery("SELECT role FROM hub.org_members WHERE org_id = ?1 AND user_id = ?2")
                .setParameter(1, org.id).setParameter(2, userId).getResultList();
        return roles.stream().map(Object::toString).findFirst();
    }

    /** Whether the caller may see this environment at all. */
    public boolean canRead(Environment env) {
        return !env.isPrivate() || canReadPrivateOf(env.owner);
    }

    /**
     * Whether the caller may see this owner's private environments (the owner, a member of the organisation, an
     * admin). Lets a listing filter many environments of one owner with one decision.
     */
    public boolean canReadPrivateOf(Owner owner) {
        if (caller.isAnonymous() || !caller.hasScope(Caller.READ) && !caller.hasScope(Caller.PUBLISH)) {
            return false;
        }
        return caller.isAdmin() || owner.id.equals(caller.ownerId()) || orgRole(owner, caller.ownerId()).isPresent();
    }

    /**
     * Which private environments the caller may read, for queries over many environments (search, lists): all of
     * them ({@code everything}), or those owned by one of {@code privateOwners} (the caller and the organisations
     * they belong to). Public environments are always readable. Agrees with {@link #canRead(Environment)}.
     */
    public record ReadScope(boolean everything, List<Long> privateOwners) {
        public ReadScope {
            privateOwners = List.copyOf(privateOwners);
        }
    }

    /** The caller's {@link ReadScope}. */
    public ReadScope readScope() {
        if (caller.isAnonymous() || !caller.hasScope(Caller.READ) && !caller.hasScope(Caller.PUBLISH)) {
            return new ReadScope(false, List.of());
        }
        if (caller.isAdmin()) {
            return new ReadScope(true, List.of());
        }
        List<Long> owners = new ArrayList<>();
        owners.add(caller.ownerId());
        for (Object org : em.createNativeQuery("SELECT org_id FROM hub.org_members WHERE user_id = ?1")
                .setParameter(1, caller.ownerId()).getResultList()) {
            owners.add(((Number) org).longValue());
        }
        return new ReadScope(false, owners);
    }

    /** Returns the environment if the caller may see it; a 404 otherwise (private things do not exist for them). */
    public Environment requireReadable(Optional<Environment> env, String description) {
        if (env.isEmpty() || !canRead(env.get())) {
            throw new ApiException.NotFound(description + " does not exist, or is private.");
        }
        return env.get();
    }

    /** Whether the caller may publish into (and manage environments of) this owner's namespace. */
    public boolean canPublish(Owner owner) {
        return !caller.isAnonymous() && caller.hasScope(Caller.PUBLISH) && hasPublishRights(owner);
    }

    /**
     * Refuses a push the caller may not make: {@link #requirePublish} for ordinary credentials; a trusted-publishing
     * token (scope {@code upload}) may only push new versions of its one environment, and only while the user who
     * registered its publisher may still publish there.
     */
    public void requireUpload(Owner owner, String project) {
        Optional<Long> bound = caller.tokenEnvironment();
        if (bound.isEmpty()) {
            requirePublish(owner);
            return;
        }
        requireSignedIn();
        List<?> ids = em.createNativeQuery("SELECT id FROM hub.environments WHERE owner_id = ?1 AND name = ?2")
                .setParameter(1, owner.id).setParameter(2, io.envhub.format.name.ProjectName.normalize(project)).getResultList();
        if (ids.isEmpty() || ((Number) ids.get(0)).longValue() != bound.get()) {
            throw new ApiException.Forbidden("This trusted-publishing token may only upload new versions of the environment "
                    + "it was minted for, not " + owner.name + "/" + project + ".");
        }
        if (!caller.hasScope(Caller.UPLOAD) || !hasPublishRights(owner)) {
            throw new ApiException.Forbidden("The user who registered this trusted publisher may no longer publish to '"
                    + owner.name + "'.");
        }
    }

    /** The caller's roles and memberships allow publishing under this owner (whatever the credentials' scopes). */
    private boolean hasPublishRights(Owner owner) {
        if (caller.isAnonymous()) {
            return false;
        }
        if (caller.isAdmin()) {
            return true;
        }
        if (!caller.roles().contains("contributor")) {
            return false;
        }
        if (owner.id.equals(caller.ownerId())) {
            return true;
        }
        return orgRole(owner, caller.ownerId()).map(r -> ORG_OWNER.equals(r) || ORG_MAINTAINER.equals(r)).orElse(false);
    }

    /** Throws 401 for anonymous callers, 403 for callers that may not publish or manage in this namespace. */
    public void requirePublish(Owner owner) {
        requireSignedIn();
        if (!caller.hasScope(Caller.PUBLISH)) {
            throw new ApiException.Forbidden("This token has no 'publish' scope.");
        }
        if (!canPublish(owner)) {
            String mine = caller.username();
            if (owner.isOrg() && mine != null && mine.equalsIgnoreCase(AccountService.TAKEN_PREFIX + owner.name)) {
                throw new ApiException.Conflict(ProblemCode.NAMESPACE_TAKEN, "Your user name '" + owner.name + "' is the name of an "
                        + "organisation on this hub, so you have no personal namespace here; publish into an organisation you "
                        + "belong to, or ask the hub's admins to rename the organisation.");
            }
            throw new ApiException.Forbidden("You may not publish or manage environments of '" + owner.name + "'.");
        }
    }

    /** For changes to an environment: 404 if the caller cannot even see it, 403 if they can see but not manage it. */
    public void requireManage(Environment env) {
        if (!canRead(env)) {
            throw new ApiException.NotFound("Environment " + env.owner.name + "/" + env.name + " does not exist, or is private.");
        }
        requirePublish(env.owner);
    }
}
