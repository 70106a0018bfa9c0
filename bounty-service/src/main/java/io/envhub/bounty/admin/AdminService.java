package io.envhub.bounty.admin;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.admin.AdminPathFilter;
import io.envhub.bounty.BountyConfig;
import io.envhub.bounty.access.Callers;
import io.envhub.bounty.audit.AuditEvent;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** bounty-service's part of the admin console: its review-queue items and its audit trail. Admins only (404 otherwise). */
@ApplicationScoped
public class AdminService {
    /** Most rows one answer holds. */
    public static final int MAX = 500;

    private final EntityManager em;
    private final Callers callers;
    private final BountyConfig config;

    public AdminService(EntityManager em, Callers callers, BountyConfig config) {
        this.em = em;
        this.callers = callers;
        this.config = config;
    }

    private void requireAdmin() {
        if (!callers.actor().admin()) {
            throw new ApiException.NotFound(AdminPathFilter.NOT_FOUND);
        }
    }

    /**
     * Applications pending longer than {@link BountyConfig#applicationReviewDays()} and submissions waiting for review
     * (submitted or in review), newest first. Every item is open; {@code state=closed} answers an empty list.
     */
    @Transactional
    public List<AdminQueueItem> queue(String kind, String state) {
        requireAdmin();
        List<AdminQueueItem> out = new ArrayList<>();
        if ("closed".equals(state) || kind != null && !kind.isBlank() && !"application".equals(kind) && !"submission".equals(kind)) {
            return out;
        }
        if (kind == null || kind.isBlank() || "application".equals(kind)) {
            for (Row r : Row.list(em.createNativeQuery("SELECT a.id, a.bounty_id, a.applicant_username, a.proposal,"
                            + " a.created_at, b.title FROM bounty.applications a JOIN bounty.bounties b ON b.id = a.bounty_id"
                            + " WHERE a.status = 'pending' AND a.created_at < now() - make_interval(days => ?1)"
                            + " ORDER BY a.created_at DESC LIMIT " + MAX, Tuple.class)
                    .setParameter(1, config.applicationReviewDays()))) {
                long id = r.longValue("id");
                long bountyId = r.longValue("bounty_id");
                OffsetDateTime at = r.time("created_at");
                Map<String, Object> d = new LinkedHashMap<>();
                d.put("applicationId", id);
                d.put("bountyId", bountyId);
                d.put("bountyTitle", r.string("title"));
                d.put("applicant", r.string("applicant_username"));
                d.put("proposal", r.string("proposal"));
                d.put("pendingDays", java.time.Duration.between(at.toInstant(), Instant.now()).toDays());
                out.add(new AdminQueueItem("application", "application:" + id, "open", at, "bounty:" + bountyId,
                        "application by " + r.string("applicant_username") + " to \u201c" + r.string("title")
                                + "\u201d waiting " + d.get("pendingDays") + " days", d));
            }
        }
        if (kind == null || kind.isBlank() || "submission".equals(kind)) {
            for (Row r : Row.list(em.createNativeQuery("SELECT s.id, s.bounty_id, s.submitter_username, s.status,"
                            + " s.updated_at, b.title, (SELECT v.environment || '@' || v.version FROM bounty.submission_versions v"
                            + " WHERE v.submission_id = s.id ORDER BY v.number DESC LIMIT 1) AS version"
                            + " FROM bounty.submissions s JOIN bounty.bounties b ON b.id = s.bounty_id"
                            + " WHERE s.status IN ('submitted', 'in_review') ORDER BY s.updated_at DESC LIMIT " + MAX, Tuple.class))) {
                long id = r.longValue("id");
                long bountyId = r.longValue("bounty_id");
                Map<String, Object> d = new LinkedHashMap<>();
                d.put("submissionId", id);
                d.put("bountyId", bountyId);
                d.put("bountyTitle", r.string("title"));
                d.put("submitter", r.string("submitter_username"));
                d.put("submissionStatus", r.string("status"));
                d.put("version", r.string("version"));
                out.add(new AdminQueueItem("submission", "submission:" + id, "open", r.time("updated_at"), "bounty:" + bountyId,
                        "submission by " + r.string("submitter_username") + " to \u201c" + r.string("title") + "\u201d ("
                                + r.string("status") + ")", d));
            }
        }
        out.sort((a, b) -> b.at().compareTo(a.at()));
        return out;
    }

    /** Audit rows, newest first; {@code target} is {@code entity:id} (exact) or a prefix ending in '*'. */
    @Transactional
    public List<AuditEvent> audit(String actor, String target, String action, OffsetDateTime from, OffsetDateTime to, int limit) {
        requireAdmin();
        int n = limit <= 0 ? 100 : limit;
        if (n > MAX) {
            throw new ApiException.Invalid(ProblemCode.INVALID_LIMIT, "limit must be between 1 and " + MAX + ".");
        }
        StringBuilder sql = new StringBuilder("SELECT id, at, actor, action, entity, entity_id, reason, from_status, to_status,"
                + " request_id, bounty_id FROM bounty.audit_log WHERE true");
        Map<Integer, Object> params = new HashMap<>();
        if (actor != null && !actor.isBlank()) {
            params.put(params.size() + 1, actor.trim());
            sql.append(" AND lower(actor) = lower(?").append(params.size()).append(')');
        }
        if (target != null && !target.isBlank()) {
            String t = target.trim();
            params.put(params.size() + 1, t.endsWith("*") ? t.substring(0, t.length() - 1).replace("\\", "\\\\")
                    .replace("%", "\\%").replace("_", "\\_") + "%" : t);
            sql.append(t.endsWith("*") ? " AND entity || ':' || entity_id LIKE ?" : " AND entity || ':' || entity_id = ?")
                    .append(params.size());
        }
        if (action != null && !action.isBlank()) {
            params.put(params.size() + 1, action.trim());
            sql.append(" AND action = ?").append(params.size());
        }
        if (from != null) {
            params.put(params.size() + 1, from);
            sql.append(" AND at >= ?").append(params.size());
        }
        if (to != null) {
            params.put(params.size() + 1, to);
            sql.append(" AND at < ?").append(params.size());
        }
        sql.append(" ORDER BY at DESC, id DESC LIMIT ").append(n);
        Query q = em.createNativeQuery(sql.toString(), Tuple.class);
        params.forEach(q::setParameter);
        List<AuditEvent> out = new ArrayList<>();
        for (Row r : Row.list(q)) {
            Object fromStatus = r.get("from_status");
            Map<String, Object> before = fromStatus == null ? null : Map.of("status", fromStatus);
            out.add(new AuditEvent(r.longValue("id"), "bounty", r.time("at"), r.string("actor"), r.string("action"),
                    r.get("entity") + ":" + r.get("entity_id"), r.string("reason"), before, Map.of("status", r.get("to_status")),
                    r.string("request_id"), r.longOrNull("bounty_id")));
        }
        return out;
    }
}
