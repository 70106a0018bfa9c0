package io.envhub.registry.report;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AdminGate;
import io.envhub.registry.audit.AuditLog;
import io.envhub.registry.model.Environment;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.version.VersionService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reports from signed-in users: one open report per user and target (409 otherwise); targets the reporter cannot see
 * are 404 like everywhere else. Admins dismiss them with a note, or act on the target (which closes them as actioned).
 */
@ApplicationScoped
public class ReportService {
    /**
     * Stable reason codes: malware or sandbox escape attempt, stolen or unlicensed data, reward function broken or
     * gameable, spam, other.
     */
    public static final Set<String> REASONS = Set.of("malware", "stolen-data", "broken-reward", "spam", "other");
    /** Longest report text. */
    public static final int MAX_TEXT = 4000;
    private static final Pattern BOUNTY = Pattern.compile("bounty:([0-9]{1,18})");
    private static final Pattern ENV = Pattern.compile("([^/@\\s]+)/([^/@\\s]+)(?:@([^/@\\s]+))?");
    private static final Pattern COMMENT = Pattern.compile("comment:([0-9]{1,18})");
    private static final Pattern RUN = Pattern.compile("([^/@\\s]+)/([^/@\\s]+)/evals/([0-9]{1,18})");
    public static final String COLUMNS = "r.id, r.target, r.target_kind, r.reason, r.text, r.state, o.name AS reporter,"
            + " r.created_at, r.resolved_at, r.resolution_note FROM hub.reports r JOIN hub.owners o ON o.id = r.reporter_id";

    private final AccessPolicy access;
    private final EnvironmentLookup lookup;
    private final VersionService versions;
    private final EntityManager em;
    private final AdminGate gate;
    private final AuditLog audit;
    private final ReportNotices notices;

    public ReportService(AccessPolicy access, EnvironmentLookup lookup, VersionService versions, EntityManager em,
                         AdminGate gate, AuditLog audit, ReportNotices notices) {
        this.notices = notices;
        this.access = access;
        this.lookup = lookup;
        this.versions = versions;
        this.em = em;
        this.gate = gate;
        this.audit = audit;
    }

    /** Body of {@code POST /api/v1/reports}. */
    public record NewReport(String target, String reason, String text) {
    }

    @Transactional
    public ReportView create(NewReport body) {
        Owner me = access.requireSignedIn();
        if (body == null || body.target() == null || body.target().isBlank()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_TARGET, "target is required: owner/name, owner/name@version,"
                    + " owner/name/evals/<run id>, bounty:<id> or comment:<id>.");
        }
        String reason = body.reason() == null ? "" : body.reason().trim();
        if (!REASONS.contains(reason)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REASON,
                    "reason must be one of malware, stolen-data, broken-reward, spam, other.");
        }
        String text = body.text() == null ? "" : body.text().strip();
        if (text.length() > MAX_TEXT) {
            throw new ApiException.Invalid(ProblemCode.TEXT_TOO_LONG, "The text may have at most " + MAX_TEXT + " characters.");
        }
        if ("other".equals(reason) && text.isEmpty()) {
            throw new ApiException.Invalid(ProblemCode.TEXT_REQUIRED, "Say what is wrong when the reason is 'other'.");
        }
        Target t = resolve(body.target().trim());
        List<?> open = em.createNativeQuery("SELECT id FROM hub.reports WHERE reporter_id = ?1 AND target = ?2 AND state = 'open'")
                .setParameter(1, me.id).setParameter(2, t.canonical()).getResultList();
        if (!open.isEmpty()) {
            throw new ApiException.Conflict(ProblemCode.REPORT_EXISTS, "You already have an open report on " + t.canonical()
                    + " (#" + open.get(0) + "); the admins will look at it.");
        }
        List<?> ids = em.createNativeQuery("INSERT INTO hub.reports (reporter_id, target, target_kind, environment_id,"
                        + " reason, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING RETURNING id")
                .setParameter(1, me.id).setParameter(2, t.canonical()).setParameter(3, t.kind())
                .setParameter(4, t.environmentId()).setParameter(5, reason).setParameter(6, text)
                .getResultList();
        if (ids.isEmpty()) {
            throw new ApiException.Conflict(ProblemCode.REPORT_EXISTS, "You already have an open report on " + t.canonical() + ".");
        }
        ReportView created = find(((Number) ids.get(0)).longValue());
        notices.created(created, t.environmentId());
        return created;
    }

    /** The caller's reports, newest first. */
    @Transactional
    public List<ReportView> mine() {
        Owner me = access.requireSignedIn();
        return query(" WHERE r.reporter_id = ?1 ORDER BY r.created_at DESC, r.id DESC LIMIT 200", me.id);
    }

    /** One report (admins). */
    @Transactional
    public ReportView get(long id) {
        gate.requireAdmin();
        return find(id);
    }

    /** Dismisses an open report with a note (admins). */
    @Transactional
    public ReportView dismiss(long id, String note) {
        Owner admin = gate.requireAdmin();
        ReportView before = find(id);
        if (!"open".equals(before.state())) {
            throw new ApiException.Conflict(ProblemCode.REPORT_CLOSED, "Report #" + id + " is already " + before.state() + ".");
        }
        String n = note == null || note.isBlank() ? null : note.strip();
        if (n != null && n.length() > MAX_TEXT) {
            throw new ApiException.Invalid(ProblemCode.NOTE_TOO_LONG, "The note may have at most " + MAX_TEXT + " characters.");
        }
        em.createNativeQuery("UPDATE hub.reports SET state = 'dismissed', resolution_note = ?1, resolved_by = ?2,"
                + " resolved_at = now() WHERE id = ?3").setParameter(1, n).setParameter(2, admin.name).setParameter(3, id)
                .executeUpdate();
        ReportView after = find(id);
        notices.handled(after.target(), ownerOfReported(id), "dismissed");
        audit.record(admin.name, "report.dismiss", "report:" + id, n, Map.of("state", before.state()),
                Map.of("state", after.state(), "target", after.target()));
        return after;
    }

    /**
     * Closes the open reports on {@code target} (and, for an environment, on its versions) as actioned; call in the
     * transaction of the admin action.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public int markActioned(String target, String admin, String what) {
        String like = target.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "@%";
        List<?> closed = em.createNativeQuery("UPDATE hub.reports r SET state = 'actioned', resolution_note = ?1, resolved_by = ?2,"
                        + " resolved_at = now() WHERE state = 'open' AND (target = ?3 OR (target_kind = 'version' AND target LIKE ?4))"
                        + " RETURNING (SELECT e.owner_id FROM hub.environments e WHERE e.id = r.environment_id)")
                .setParameter(1, what).setParameter(2, admin).setParameter(3, target).setParameter(4, like).getResultList();
        if (!closed.isEmpty() && closed.get(0) != null) {
            notices.handled(target, ((Number) closed.get(0)).longValue(), "acted on: " + what);
        }
        return closed.size();
    }

    private Long ownerOfReported(long reportId) {
        List<?> owner = em.createNativeQuery("SELECT e.owner_id FROM hub.reports r JOIN hub.environments e"
                + " ON e.id = r.environment_id WHERE r.id = ?1").setParameter(1, reportId).getResultList();
        return owner.isEmpty() || owner.get(0) == null ? null : ((Number) owner.get(0)).longValue();
    }

    ReportView find(long id) {
        List<ReportView> found = query(" WHERE r.id = ?1", id);
        if (found.isEmpty()) {
            throw new ApiException.NotFound("Report #" + id + " does not exist.");
        }
        return found.get(0);
    }

    private List<ReportView> query(String where, Object param) {
        List<ReportView> out = new ArrayList<>();
        for (Row row : Row.list(em.createNativeQuery("SELECT " + COLUMNS + where, Tuple.class).setParameter(1, param))) {
            out.add(view(row));
        }
        return out;
    }

    /** A row of {@link #COLUMNS} as a view. */
    public static ReportView view(Row r) {
        return new ReportView(r.longValue("id"), r.string("target"), r.string("target_kind"), r.string("reason"),
                r.string("text"), r.string("state"), r.string("reporter"), r.time("created_at"), r.time("resolved_at"),
                r.string("resolution_note"));
    }

    private record Target(String canonical, String kind, Long environmentId) {
    }

    /** A discussion comment the caller may see (its environment readable; a bounty's discussions are public). */
    private Target comment(long id) {
        List<Row> rows = Row.list(em.createNativeQuery("SELECT d.environment_id, o.name AS owner, e.name FROM"
                + " hub.discussion_comments c JOIN hub.discussions d ON d.id = c.discussion_id"
                + " LEFT JOIN hub.environments e ON e.id = d.environment_id LEFT JOIN hub.owners o ON o.id = e.owner_id"
                + " WHERE c.id = ?1", Tuple.class).setParameter(1, id));
        if (rows.isEmpty()) {
            throw new ApiException.NotFound("Comment " + id + " does not exist.");
        }
        Long env = rows.get(0).longOrNull("environment_id");
        if (env != null) {
            lookup.readable(rows.get(0).string("owner"), rows.get(0).string("name"));
        }
        return new Target("comment:" + id, "comment", env);
    }

    /** The canonical target; 404 for an environment, version or evaluation run the caller cannot see. */
    private Target resolve(String target) {
        Matcher c = COMMENT.matcher(target);
        if (c.matches()) {
            return comment(Long.parseLong(c.group(1)));
        }
        Matcher b = BOUNTY.matcher(target);
        if (b.matches()) {
            return new Target("bounty:" + Long.parseLong(b.group(1)), "bounty", null);
        }
        Matcher run = RUN.matcher(target);
        if (run.matches()) {
            Environment env = lookup.readable(run.group(1), run.group(2));
            long id = Long.parseLong(run.group(3));
            if (em.createNativeQuery("SELECT 1 FROM hub.eval_runs WHERE id = ?1 AND environment_id = ?2")
                    .setParameter(1, id).setParameter(2, env.id).getResultList().isEmpty()) {
                throw new ApiException.NotFound("Evaluation run " + id + " of " + env.owner.name + "/" + env.name
                        + " does not exist.");
            }
            return new Target(env.owner.name + "/" + env.name + "/evals/" + id, "eval-run", env.id);
        }
        Matcher e = ENV.matcher(target);
        if (!e.matches()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_TARGET, "target must be owner/name, owner/name@version,"
                    + " owner/name/evals/<run id> or bounty:<id>.");
        }
        if (e.group(3) == null) {
            Environment env = lookup.readable(e.group(1), e.group(2));
            return new Target(env.owner.name + "/" + env.name, "environment", env.id);
        }
        VersionService.Found found = versions.find(e.group(1), e.group(2), e.group(3));
        Environment env = found.environment();
        return new Target(env.owner.name + "/" + env.name + "@" + found.version().version, "version", env.id);
    }

    /** Shapes of the admin list (used by the queue). */
    static Map<String, Object> detail(ReportView r) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("reportId", r.id());
        d.put("reason", r.reason());
        d.put("text", r.text());
        d.put("reporter", r.reporter());
        d.put("reportState", r.state());
        d.put("resolutionNote", r.resolutionNote());
        return d;
    }
}
