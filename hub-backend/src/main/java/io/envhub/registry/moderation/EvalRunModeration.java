package io.envhub.registry.moderation;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AdminGate;
import io.envhub.registry.audit.AuditLog;
import io.envhub.registry.model.Environment;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.evaluation.EvalRun;
import io.envhub.registry.evaluation.EvalStore;
import io.envhub.registry.report.ReportService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Admin actions on a reported evaluation run: hide it from every list of runs (leaderboards, per version, environment
 * and model; reversible, with a reason) or delete it. Each is audited ({@code eval-run.hide}, {@code eval-run.unhide},
 * {@code eval-run.delete}, target {@code owner/name/evals/<id>}); hiding and deleting close the open reports on the run
 * as {@code actioned}.
 */
@ApplicationScoped
public class EvalRunModeration {
    private final AdminGate gate;
    private final AuditLog audit;
    private final EnvironmentLookup lookup;
    private final EvalStore runs;
    private final ReportService reports;
    private final EntityManager em;

    public EvalRunModeration(AdminGate gate, AuditLog audit, EnvironmentLookup lookup, EvalStore runs, ReportService reports,
                             EntityManager em) {
        this.gate = gate;
        this.audit = audit;
        this.lookup = lookup;
        this.runs = runs;
        this.reports = reports;
        this.em = em;
    }

    /** A run's moderation state as the admin API answers it. */
    public record RunState(String owner, String name, long id, String model, String version, boolean hidden,
                           String hiddenReason, OffsetDateTime hiddenAt, String hiddenBy) {
    }

    @Transactional
    public RunState hide(String owner, String name, long id, String reason) {
        Owner admin = gate.requireAdmin();
        String why = ModerationService.requireReason(reason);
        Found f = locked(owner, name, id);
        if (f.run().hiddenAt != null) {
            throw new ApiException.Conflict(ProblemCode.ALREADY_HIDDEN, "Run " + f.target() + " is already hidden.");
        }
        Map<String, Object> before = hiding(f.run());
        f.run().hiddenAt = OffsetDateTime.now();
        f.run().hiddenReason = why;
        f.run().hiddenBy = admin.name;
        audit.record(admin.name, "eval-run.hide", f.target(), why, before, hiding(f.run()));
        reports.markActioned(f.target(), admin.name, "hidden from the leaderboards: " + why);
        return state(f);
    }

    @Transactional
    public RunState unhide(String owner, String name, long id, String reason) {
        Owner admin = gate.requireAdmin();
        Found f = locked(owner, name, id);
        if (f.run().hiddenAt == null) {
            throw new ApiException.Conflict(ProblemCode.NOT_HIDDEN, "Run " + f.target() + " is not hidden.");
        }
        Map<String, Object> before = hiding(f.run());
        f.run().hiddenAt = null;
        f.run().hiddenReason = null;
        f.run().hiddenBy = null;
        audit.record(admin.name, "eval-run.unhide", f.target(), reason == null || reason.isBlank() ? null : reason.strip(),
                before, hiding(f.run()));
        return state(f);
    }

    /** Deletes the run and its unshared files; the reason is mandatory and kept in the audit log. */
    @Transactional
    public void delete(String owner, String name, long id, String reason) {
        Owner admin = gate.requireAdmin();
        String why = ModerationService.requireReason(reason);
        Found f = locked(owner, name, id);
        Map<String, Object> before = hiding(f.run());
        before.put("model", f.run().model);
        before.put("avgReward", f.run().rewardMean);
        audit.record(admin.name, "eval-run.delete", f.target(), why, before, Map.of("deleted", true));
        reports.markActioned(f.target(), admin.name, "deleted: " + why);
        runs.remove(f.run());
    }

    private record Found(Environment env, EvalRun run, String target) {
    }

    private Found locked(String owner, String name, long id) {
        Environment env = lookup.readable(owner, name);
        EvalRun run = EvalRun.<EvalRun>find("id = ?1 and environmentId = ?2", id, env.id).withLock(LockModeType.PESSIMISTIC_WRITE)
                .firstResultOptional()
                .orElseThrow(() -> new ApiException.NotFound("Evaluation run " + id + " of " + env.owner.name + "/" + env.name
                        + " does not exist."));
        return new Found(env, run, EvalRun.target(env.owner.name, env.name, run.id));
    }

    private static Map<String, Object> hiding(EvalRun run) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("hidden", run.hiddenAt != null);
        m.put("hiddenReason", run.hiddenReason);
        return m;
    }

    private RunState state(Found f) {
        String version = (String) em.createNativeQuery("SELECT version FROM hub.versions WHERE id = ?1")
                .setParameter(1, f.run().versionId).getSingleResult();
        return new RunState(f.env().owner.name, f.env().name, f.run().id, f.run().model, version, f.run().hiddenAt != null,
                f.run().hiddenReason, f.run().hiddenAt, f.run().hiddenBy);
    }
}
