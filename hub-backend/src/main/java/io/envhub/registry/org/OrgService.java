package io.envhub.registry.org;

import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.Owner;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.UserState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Set;

/** Organisations (owners of kind {@code org}) and their members. */
@ApplicationScoped
public class OrgService {
    /** The roles a member can have. */
    public static final Set<String> ROLES = Set.of(AccessPolicy.ORG_OWNER, AccessPolicy.ORG_MAINTAINER, AccessPolicy.ORG_MEMBER);
    /** Longest display name. */
    static final int MAX_DISPLAY_NAME = 100;

    private final EntityManager em;
    private final UserState users;

    public OrgService(EntityManager em, UserState users) {
        this.em = em;
        this.users = users;
    }

    /** A member of an organisation. */
    public record Member(String username, String role) {
    }

    /** An organisation a user belongs to, with their role. */
    public record Membership(String name, String role) {
    }

    /**
     * Creates an organisation with its creator as owner; 400 for a bad or reserved name, 409 when any owner already has
     * it or a Keycloak user has it (users and organisations share one namespace, also for users who have not signed in
     * to the hub yet).
     */
    @Transactional
    public Owner create(Owner creator, String name, String displayName) {
        OrgNames.requireValid(name);
        if (users.usernameExists(name)) {
            throw new ApiException.Conflict(ProblemCode.NAME_TAKEN, "The name '" + name + "' belongs to a user of this hub.");
        }
        String display = displayName == null || displayName.isBlank() ? name : displayName.strip();
        if (display.length() > MAX_DISPLAY_NAME) {
            throw new ApiException.Invalid(ProblemCode.INVALID_DISPLAY_NAME,
                    "A display name has at most " + MAX_DISPLAY_NAME + " characters.");
        }
        // the unique index on lower(name) decides races: no row back means the name is taken
        List<?> ids = em.createNativeQuery("""
                INSERT INTO hub.owners (kind, name, display_name) VALUES ('org', ?1, ?2)
                ON CONFLICT DO NOTHING RETURNING id
                """)
                .setParameter(1, name).setParameter(2, display)
                .getResultList();
        if (ids.isEmpty()) {
            throw new ApiException.Conflict(ProblemCode.NAME_TAKEN, "The name '" + name + "' is already taken.");
        }
        long orgId = ((Number) ids.get(0)).longValue();
        em.createNativeQuery("INSERT INTO hub.org_members (org_id, user_id, role) VALUES (?1, ?2, ?3)")
                .setParameter(1, orgId).setParameter(2, creator.id).setParameter(3, AccessPolicy.ORG_OWNER)
                .executeUpdate();
        return Owner.findById(orgId);
    }

    /** The organisation with this name; 404 when there is none (or the name is a user's). */
    public Owner requireOrg(String name) {
        return Owner.findByName(name).filter(Owner::isOrg)
                .orElseThrow(() -> new ApiException.NotFound("Organisation '" + name + "' does not exist."));
    }

    /** Members of an organisation: owners first, then maintainers, then members, each by name. */
    public List<Member> members(Owner org) {
        Query query = em.createNativeQuery("""
                SELECT u.name, m.role FROM hub.org_members m JOIN hub.owners u ON u.id = m.user_id
                 WHERE m.org_id = ?1
                 ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'maintainer' THEN 1 ELSE 2 END, lower(u.name)
                """, Tuple.class)
                .setParameter(1, org.id);
        return Row.list(query).stream().map(r -> new Member(r.string("name"), r.string("role"))).toList();
    }

    /** The organisations a user belongs to, by name. */
    public List<Membership> membershipsOf(long userId) {
        Query query = em.createNativeQuery("""
                SELECT o.name, m.role FROM hub.org_members m JOIN hub.owners o ON o.id = m.org_id
                 WHERE m.user_id = ?1 ORDER BY lower(o.name)
                """, Tuple.class)
                .setParameter(1, userId);
        return Row.list(query).stream().map(r -> new Membership(r.string("name"), r.string("role"))).toList();
    }

    /**
     * Changes the role of an existing member (users join only by accepting an invitation, see
     * {@link InvitationService}). 400 for an unknown role, 404 for an unknown user or one who is not a member, 409 when
     * this would leave the organisation without an owner.
     */
    @Transactional
    public Member setMember(Owner org, String username, String role) {
        if (role == null || !ROLES.contains(role)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_ROLE, "The role must be one of owner, maintainer, member.");
        }
        lock(org);
        Owner user = requireUser(username);
        String current = currentRole(org, user);
        if (current == null) {
            throw new ApiException.NotFound("'" + user.name + "' is not a member of '" + org.name + "'; invite them with POST /api/v1/orgs/"
                    + org.name + "/invitations (they join when they accept).");
        }
        if (AccessPolicy.ORG_OWNER.equals(current) && !AccessPolicy.ORG_OWNER.equals(role)) {
            requireAnotherOwner(org);
        }
        em.createNativeQuery("UPDATE hub.org_members SET role = ?3 WHERE org_id = ?1 AND user_id = ?2")
                .setParameter(1, org.id).setParameter(2, user.id).setParameter(3, role)
                .executeUpdate();
        return new Member(user.name, role);
    }

    /** Removes a member; 404 when they are not one, 409 when they are the last owner. */
    @Transactional
    public void removeMember(Owner org, String username) {
        lock(org);
        Owner user = requireUser(username);
        String current = currentRole(org, user);
        if (current == null) {
            throw new ApiException.NotFound("'" + username + "' is not a member of '" + org.name + "'.");
        }
        if (AccessPolicy.ORG_OWNER.equals(current)) {
            requireAnotherOwner(org);
        }
        em.createNativeQuery("DELETE FROM hub.org_members WHERE org_id = ?1 AND user_id = ?2")
                .setParameter(1, org.id).setParameter(2, user.id).executeUpdate();
    }

    /** Serialises membership changes of one organisation, so that two owners cannot remove each other at once. */
    private void lock(Owner org) {
        em.createNativeQuery("SELECT id FROM hub.owners WHERE id = ?1 FOR UPDATE").setParameter(1, org.id).getResultList();
    }

    private Owner requireUser(String username) {
        return Owner.findByName(username).filter(o -> !o.isOrg())
                .orElseThrow(() -> new ApiException.NotFound("User '" + username + "' does not exist."));
    }

    private String currentRole(Owner org, Owner user) {
        List<?> roles = em.createNativeQuery("SELECT role FROM hub.org_members WHERE org_id = ?1 AND user_id = ?2")
                .setParameter(1, org.id).setParameter(2, user.id).getResultList();
        return roles.isEmpty() ? null : roles.get(0).toString();
    }

    private void requireAnotherOwner(Owner org) {
        Number owners = (Number) em.createNativeQuery("SELECT count(*) FROM hub.org_members WHERE org_id = ?1 AND role = 'owner'")
                .setParameter(1, org.id).getSingleResult();
        if (owners.intValue() <= 1) {
            throw new ApiException.Conflict(ProblemCode.LAST_OWNER,
                    "'" + org.name + "' needs at least one owner; add another owner first.");
        }
    }
}
