package io.envhub.registry.admin;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.Owner;
import io.envhub.registry.audit.AuditLog;
import io.envhub.registry.security.AdminGate;
import io.envhub.registry.security.UserState;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Admin actions on users: suspend (a {@code hub.suspensions} row, checked on every request by
 * {@link SuspensionAugmentor}, plus the user disabled and signed out in Keycloak, so they cannot sign in to the pages
 * and bounty-service refuses their new tokens), unsuspend, grant and remove the realm role {@code sponsor}.
 */
@ApplicationScoped
public class UserAdminService {
    /** Realm roles an admin may grant or remove from the console. */
    public static final Set<String> GRANTABLE = Set.of("sponsor");

    private final AdminGate gate;
    private final EntityManager em;
    private final KeycloakUsers keycloak;
    private final UserState userState;
    private final AuditLog audit;

    public UserAdminService(AdminGate gate, EntityManager em, KeycloakUsers keycloak, UserState userState, AuditLog audit) {
        this.gate = gate;
        this.em = em;
        this.keycloak = keycloak;
        this.userState = userState;
        this.audit = audit;
    }

    /** A user as the admin console shows it. {@code roles}: the user's direct realm roles among the hub's. */
    public record UserView(String username, boolean suspended, String suspensionReason, OffsetDateTime suspendedAt,
                           String suspendedBy, boolean enabled, List<String> roles) {
    }

    @Transactional
    public UserView get(String username) {
        gate.requireAdmin();
        return view(user(username));
    }

    @Transactional
    public UserView suspend(String username, String reason) {
        Owner admin = gate.requireAdmin();
        if (reason == null || reason.isBlank()) {
            throw new ApiException.Invalid(ProblemCode.REASON_REQUIRED, "Give a reason: it is recorded in the audit log.");
        }
        Owner user = user(username);
        if (user.id.equals(admin.id)) {
            throw new ApiException.Conflict(ProblemCode.SELF_SUSPENSION, "You cannot suspend yourself.");
        }
        int inserted = em.createNativeQuery("INSERT INTO hub.suspensions (user_id, subject, reason, suspended_by)"
                        + " VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING")
                .setParameter(1, user.id).setParameter(2, user.subject).setParameter(3, reason.strip())
                .setParameter(4, admin.name).executeUpdate();
        if (inserted == 0) {
            throw new ApiException.Conflict(ProblemCode.ALREADY_SUSPENDED, "User " + user.name + " is already suspended.");
        }
        audit.record(admin.name, "user.suspend", "user:" + user.name, reason.strip(), Map.of("suspended", false),
                Map.of("suspended", true));
        em.flush();
        keycloak.setEnabled(user.subject, false);
        userState.forget(user.subject);
        return view(user);
    }

    @Transactional
    public UserView unsuspend(String username, String reason) {
        Owner admin = gate.requireAdmin();
        Owner user = user(username);
        int deleted = em.createNativeQuery("DELETE FROM hub.suspensions WHERE user_id = ?1").setParameter(1, user.id).executeUpdate();
        if (deleted == 0) {
            throw new ApiException.Conflict(ProblemCode.NOT_SUSPENDED, "User " + user.name + " is not suspended.");
        }
        audit.record(admin.name, "user.unsuspend", "user:" + user.name, reason == null || reason.isBlank() ? null : reason.strip(),
                Map.of("suspended", true), Map.of("suspended", false));
        em.flush();
        keycloak.setEnabled(user.subject, true);
        userState.forget(user.subject);
        return view(user);
    }

    @Transactional
    public UserView setRole(String username, String role, boolean grant, String reason) {
        Owner admin = gate.requireAdmin();
        if (!GRANTABLE.contains(role)) {
            throw new ApiException.Invalid(ProblemCode.ROLE_NOT_GRANTABLE, "Only these roles can be granted here: " + GRANTABLE + ".");
        }
        Owner user = user(username);
        boolean had = keycloak.realmRoles(user.subject).contains(role);
        if (had == grant) {
            return view(user);
        }
        audit.record(admin.name, grant ? "user.grant-role" : "user.remove-role", "user:" + user.name,
                reason == null || reason.isBlank() ? null : reason.strip(), Map.of("role", role, "held", had),
                Map.of("role", role, "held", grant));
        em.flush();
        keycloak.setRealmRole(user.subject, role, grant);
        userState.forget(user.subject);
        return view(user);
    }

    private Owner user(String username) {
        return Owner.findByName(username).filter(o -> !o.isOrg() && o.subject != null)
                .orElseThrow(() -> new ApiException.NotFound("User '" + username + "' has never signed in to this hub."));
    }

    private UserView view(Owner user) {
        Suspension s = Row.first(em.createNativeQuery("SELECT reason, created_at, suspended_by FROM hub.suspensions"
                        + " WHERE user_id = ?1", Tuple.class).setParameter(1, user.id))
                .map(r -> new Suspension(r.string("reason"), r.time("created_at"), r.string("suspended_by"))).orElse(null);
        Set<String> roles = new TreeSet<>(keycloak.realmRoles(user.subject));
        roles.retainAll(Set.of("admin", "sponsor", "contributor", "validator"));
        return new UserView(user.name, s != null, s == null ? null : s.reason(), s == null ? null : s.at(),
                s == null ? null : s.by(), keycloak.enabled(user.subject), List.copyOf(roles));
    }

    /** A user's suspension row. */
    private record Suspension(String reason, OffsetDateTime at, String by) {
    }
}
