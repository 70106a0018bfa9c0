package io.envhub.registry.moderation;

import io.envhub.registry.event.VersionEvents;
import io.envhub.contract.ProblemCode;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.Version;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AdminGate;
import io.envhub.registry.audit.AuditLog;
import io.envhub.registry.model.Environment;
import io.envhub.registry.environment.EnvironmentStatus;
import io.envhub.registry.report.ReportService;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.model.VersionVerdicts;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import io.envhub.registry.persistence.RetryOnDeadlock;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Admin actions on environments and versions: quarantine and lift it, unlist and relist, re-run validation, override
 * a validation status. Each is audited in its own transaction and reversible; each closes the open reports on its
 * target as {@code actioned}.
 */
@ApplicationScoped
public class ModerationService {
    /** Longest reason kept. */
    public static final int MAX_REASON = 2000;

    private final AdminGate gate;
    private final AuditLog audit;
    private final EntityManager em;
    private final EnvironmentStatus status;
    private final VersionVerdicts verdicts;
    private final ReportService reports;
    private final VersionEvents versionEvents;

    public ModerationService(AdminGate gate, AuditLog audit, EntityManager em, EnvironmentStatus status,
                             VersionVerdicts verdicts, ReportService reports, VersionEvents versionEvents) {
        this.versionEvents = versionEvents;
        this.gate = gate;
        this.audit = audit;
        this.em = em;
        this.status = status;
        this.verdicts = verdicts;
        this.reports = reports;
    }

    /** A version's moderation state as the admin API answers it. */
    public record VersionState(String owner, String name, String version, String status, boolean quarantined,
                               String quarantineReason, OffsetDateTime quarantinedAt, String quarantinedBy) {
    }

    /** An environment's listing state as the admin API answers it. */
    public record ListingState(String owner, String name, boolean unlisted, String unlistReason, OffsetDateTime unlistedAt) {
    }

    @Transactional
    @RetryOnDeadlock
    public VersionState quarantine(String owner, String name, String version, String reason) {
        Owner admin = gate.requireAdmin();
        String why = requireReason(reason);
        EnvironmentVersion v = lockedVersion(owner, name, version);
        if (v.quarantinedAt != null) {
            throw new ApiException.Conflict(ProblemCode.ALREADY_QUARANTINED, "Version " + target(v) + " is already quarantined.");
        }
        Map<String, Object> before = quarantineState(v);
        v.quarantineReason = why;
        v.quarantinedAt = OffsetDateTime.now();
        v.quarantinedBy = admin.name;
        audit.record(admin.name, "version.quarantine", target(v), why, before, quarantineState(v));
        reports.markActioned(target(v), admin.name, "quarantined: " + why);
        status.refresh(v.environment.id); // a quarantined version is no validated version (issue 36 item 10)
        versionEvents.quarantined(v.id, false);
        return state(v);
    }

    @Transactional
    @RetryOnDeadlock
    public VersionState lift(String owner, String name, String version, String reason) {
        Owner admin = gate.requireAdmin();
        EnvironmentVersion v = lockedVersion(owner, name, version);
        if (v.quarantinedAt == null) {
            throw new ApiException.Conflict(ProblemCode.NOT_QUARANTINED, "Version " + target(v) + " is not quarantined.");
        }
        Map<String, Object> before = quarantineState(v);
        v.quarantineReason = null;
        v.quarantinedAt = null;
        v.quarantinedBy = null;
        v.heldForReview = false;
        audit.record(admin.name, "version.unquarantine", target(v), blankToNull(reason), before, quarantineState(v));
        status.refresh(v.environment.id);
        return state(v);
    }

    @Transactional
    @RetryOnDeadlock
    public ListingState unlist(String owner, String name, String reason) {
        Owner admin = gate.requireAdmin();
        String why = requireReason(reason);
        Environment env = lockedEnvironment(owner, name);
        if (env.unlistedAt != null) {
            throw new ApiException.Conflict(ProblemCode.ALREADY_UNLISTED, "Environment " + target(env) + " is already unlisted.");
        }
        Map<String, Object> before = listing(env);
        env.unlistedAt = OffsetDateTime.now();
        env.unlistReason = why;
        audit.record(admin.name, "environment.unlist", target(env), why, before, listing(env));
        reports.markActioned(target(env), admin.name, "unlisted: " + why);
        return listingState(env);
    }

    @Transactional
    @RetryOnDeadlock
    public ListingState relist(String owner, String name, String reason) {
        Owner admin = gate.requireAdmin();
        Environment env = lockedEnvironment(owner, name);
        if (env.unlistedAt == null) {
            throw new ApiException.Conflict(ProblemCode.NOT_UNLISTED, "Environment " + target(env) + " is not unlisted.");
        }
        Map<String, Object> before = listing(env);
        env.unlistedAt = null;
        env.unlistReason = null;
        audit.record(admin.name, "environment.relist", target(env), blankToNull(reason), before, listing(env));
        return listingState(env);
    }

    /** Puts the version's validation job back in the queue (its old report is dropped); the version is pending again. */
    @Transactional
    @RetryOnDeadlock
    public VersionState revalidate(String owner, String name, String version, String reason) {
        Owner admin = gate.requireAdmin();
        EnvironmentVersion v = lockedVersion(owner, name, version);
        Map<String, Object> before = Map.of("status", v.status);
        em.createNativeQuery("DELETE FROM hub.validation_reports WHERE version_id = ?1").setParameter(1, v.id).executeUpdate();
        int jobs = em.createNativeQuery("UPDATE hub.validation_jobs SET state = 'queued', attempts = 0, lease_owner = NULL,"
                + " lease_expires_at = NULL, last_error = NULL, queued_at = now(), claimed_at = NULL, updated_at = now()"
                + " WHERE version_id = ?1").setParameter(1, v.id).executeUpdate();
        if (jobs == 0) {
            em.createNativeQuery("INSERT INTO hub.validation_jobs (version_id) VALUES (?1)").setParameter(1, v.id).executeUpdate();
        }
        verdicts.setStatus(v.id, EnvironmentVersion.PENDING);
        status.refresh(v.environment.id);
        em.refresh(v);
        audit.record(admin.name, "version.revalidate", target(v), blankToNull(reason), before, Map.of("status", v.status));
        return state(v);
    }

    /** Sets a version's status to validated or failed by hand; the reason is mandatory and shown as the status reason. */
    @Transactional
    @RetryOnDeadlock
    public VersionState overrideStatus(String owner, String name, String version, String newStatus, String reason) {
        Owner admin = gate.requireAdmin();
        String why = requireReason(reason);
        if (!EnvironmentVersion.VALIDATED.equals(newStatus) && !EnvironmentVersion.FAILED.equals(newStatus)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_STATUS, "status must be 'validated' or 'failed'.");
        }
        EnvironmentVersion v = lockedVersion(owner, name, version);
        Map<String, Object> before = new LinkedHashMap<>();
        before.put("status", v.status);
        before.put("trustStatus", v.trustStatus);
        verdicts.setStatus(v.id, newStatus);
        em.createNativeQuery("UPDATE hub.versions SET status_reason = ?1 WHERE id = ?2")
                .setParameter(1, "Status set by an admin: " + why).setParameter(2, v.id).executeUpdate();
        status.refresh(v.environment.id);
        em.refresh(v);
        Map<String, Object> after = new LinkedHashMap<>();
        after.put("status", v.status);
        after.put("trustStatus", v.trustStatus);
        audit.record(admin.name, "version.override-status", target(v), why, before, after);
        return state(v);
    }

    private Environment lockedEnvironment(String owner, String name) {
        Environment env = (owner == null || name == null || !ProjectName.isValid(name) ? java.util.Optional.<Environment>empty()
                : Environment.find(owner, ProjectName.normalize(name)))
                .orElseThrow(() -> new ApiException.NotFound("Environment " + owner + "/" + name + " does not exist."));
        em.lock(env, LockModeType.PESSIMISTIC_WRITE);
        return env;
    }

    private EnvironmentVersion lockedVersion(String owner, String name, String version) {
        Environment env = lockedEnvironment(owner, name);
        String key;
        try {
            key = Version.parse(version).identityKey();
        } catch (RuntimeException e) {
            throw new ApiException.NotFound("Version '" + version + "' of " + target(env) + " does not exist.");
        }
        return EnvironmentVersion.<EnvironmentVersion>find("environment = ?1 and versionKey = ?2", env, key)
                .firstResultOptional()
                .orElseThrow(() -> new ApiException.NotFound("Version '" + version + "' of " + target(env) + " does not exist."));
    }

    static String requireReason(String reason) {
        if (reason == null || reason.isBlank()) {
            throw new ApiException.Invalid(ProblemCode.REASON_REQUIRED,
                    "Give a reason: it is recorded in the audit log and shown to the owner.");
        }
        String r = reason.strip();
        if (r.length() > MAX_REASON) {
            throw new ApiException.Invalid(ProblemCode.REASON_TOO_LONG, "The reason may have at most " + MAX_REASON + " characters.");
        }
        return r;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    public static String target(Environment env) {
        return env.owner.name + "/" + env.name;
    }

    public static String target(EnvironmentVersion v) {
        return target(v.environment) + "@" + v.version;
    }

    private static Map<String, Object> quarantineState(EnvironmentVersion v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("quarantined", v.quarantinedAt != null);
        m.put("quarantineReason", v.quarantineReason);
        return m;
    }

    private static Map<String, Object> listing(Environment env) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("unlisted", env.unlistedAt != null);
        m.put("unlistReason", env.unlistReason);
        return m;
    }

    private static VersionState state(EnvironmentVersion v) {
        return new VersionState(v.environment.owner.name, v.environment.name, v.version, v.status, v.quarantinedAt != null,
                v.quarantineReason, v.quarantinedAt, v.quarantinedBy);
    }

    private static ListingState listingState(Environment env) {
        return new ListingState(env.owner.name, env.name, env.unlistedAt != null, env.unlistReason, env.unlistedAt);
    }
}
