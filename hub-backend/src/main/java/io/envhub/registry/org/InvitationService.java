package io.envhub.registry.org;

import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.Owner;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * Organisation invitations: an owner invites a user with a role; nothing changes until the user accepts (they become a
 * member with that role) or declines. One pending invitation per organisation and user; inviting again replaces the
 * role. The invited user must be known to the hub (signed in at least once).
 */
@ApplicationScoped
public class InvitationService {
    private final EntityManager em;

    public InvitationService(EntityManager em) {
        this.em = em;
    }

    /** A pending invitation, as both the organisation's owners and the invited user see it. */
    public record Invitation(long id, String org, String orgDisplayName, String user, String role, String invitedBy,
                             OffsetDateTime createdAt) {
    }

    private static final String SELECT = """
            SELECT i.id, o.name AS org, o.display_name AS org_display_name, u.name AS user_name, i.role,
                   b.name AS invited_by, i.created_at
              FROM hub.org_invitations i
              JOIN hub.owners o ON o.id = i.org_id
              JOIN hub.owners u ON u.id = i.user_id
              LEFT JOIN hub.owners b ON b.id = i.invited_by
            """;

    /** Invites a user (400 unknown role, 404 unknown user, 409 already a member); an existing invitation gets the new role. */
    @Transactional
    public Invitation invite(Owner org, Owner inviter, String username, String role) {
        if (role == null || !OrgService.ROLES.contains(role)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_ROLE, "The role must be one of owner, maintainer, member.");
        }
        if (username == null || username.isBlank()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "Send {\"user\", \"role\"} as JSON.");
        }
        Owner user = Owner.findByName(username).filter(o -> !o.isOrg())
                .orElseThrow(() -> new ApiException.NotFound("User '" + username
                        + "' does not exist on this hub (they must sign in once before they can be invited)."));
        Number member = (Number) em.createNativeQuery("SELECT count(*) FROM hub.org_members WHERE org_id = ?1 AND user_id = ?2")
                .setParameter(1, org.id).setParameter(2, user.id).getSingleResult();
        if (member.intValue() > 0) {
            throw new ApiException.Conflict(ProblemCode.ALREADY_MEMBER, "'" + user.name + "' is already a member of '" + org.name
                    + "'; change their role with PUT /api/v1/orgs/" + org.name + "/members/" + user.name + ".");
        }
        Number id = (Number) em.createNativeQuery("""
                INSERT INTO hub.org_invitations (org_id, user_id, role, invited_by) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT (org_id, user_id) DO UPDATE SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by
                RETURNING id
                """)
                .setParameter(1, org.id).setParameter(2, user.id).setParameter(3, role).setParameter(4, inviter.id)
                .getSingleResult();
        return find(id.longValue());
    }

    /** Pending invitations of an organisation, newest first. */
    public List<Invitation> ofOrg(Owner org) {
        return rows(SELECT + " WHERE i.org_id = ?1 ORDER BY i.created_at DESC, i.id DESC", org.id);
    }

    /** Pending invitations of a user, newest first. */
    public List<Invitation> ofUser(long userId) {
        return rows(SELECT + " WHERE i.user_id = ?1 ORDER BY i.created_at DESC, i.id DESC", userId);
    }

    /** Revokes a pending invitation of this organisation; 404 when there is none with this id. */
    @Transactional
    public void revoke(Owner org, long id) {
        int deleted = em.createNativeQuery("DELETE FROM hub.org_invitations WHERE id = ?1 AND org_id = ?2")
                .setParameter(1, id).setParameter(2, org.id).executeUpdate();
        if (deleted == 0) {
            throw new ApiException.NotFound("Invitation " + id + " does not exist.");
        }
    }

    /** Accepts one of the user's invitations: they become a member with the invited role. 404 for others' invitations. */
    @Transactional
    public OrgService.Membership accept(long userId, long id) {
        Row row = Row.first(em.createNativeQuery("DELETE FROM hub.org_invitations WHERE id = ?1 AND user_id = ?2"
                        + " RETURNING org_id, role", Tuple.class).setParameter(1, id).setParameter(2, userId))
                .orElseThrow(() -> new ApiException.NotFound("Invitation " + id + " does not exist."));
        long orgId = row.longValue("org_id");
        String role = row.string("role");
        // already a member (accepted twice in a race): keep the existing membership
        em.createNativeQuery("""
                INSERT INTO hub.org_members (org_id, user_id, role) VALUES (?1, ?2, ?3)
                ON CONFLICT (org_id, user_id) DO NOTHING
                """)
                .setParameter(1, orgId).setParameter(2, userId).setParameter(3, role).executeUpdate();
        Owner org = Owner.findById(orgId);
        String actual = (String) em.createNativeQuery("SELECT role FROM hub.org_members WHERE org_id = ?1 AND user_id = ?2")
                .setParameter(1, orgId).setParameter(2, userId).getSingleResult();
        return new OrgService.Membership(org.name, actual);
    }

    /** Declines one of the user's invitations; 404 for others' invitations. */
    @Transactional
    public void decline(long userId, long id) {
        int deleted = em.createNativeQuery("DELETE FROM hub.org_invitations WHERE id = ?1 AND user_id = ?2")
                .setParameter(1, id).setParameter(2, userId).executeUpdate();
        if (deleted == 0) {
            throw new ApiException.NotFound("Invitation " + id + " does not exist.");
        }
    }

    private Invitation find(long id) {
        return rows(SELECT + " WHERE i.id = ?1", id).get(0);
    }

    private List<Invitation> rows(String sql, long param) {
        return Row.list(em.createNativeQuery(sql, Tuple.class).setParameter(1, param)).stream()
                .map(r -> new Invitation(r.longValue("id"), r.string("org"), r.string("org_display_name"),
                        r.string("user_name"), r.string("role"), r.string("invited_by"), r.time("created_at"))).toList();
    }
}
