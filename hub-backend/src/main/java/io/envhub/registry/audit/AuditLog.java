package io.envhub.registry.audit;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.audit.RequestIds;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes audit rows in the transaction of the change they describe, and reads them back for admins. The table is
 * append-only (V12: a trigger refuses UPDATE, DELETE and TRUNCATE), so this class only ever inserts.
 */
@ApplicationScoped
public class AuditLog {
    /** Most rows one read answers. */
    public static final int MAX_LIMIT = 500;

    private final EntityManager em;
    private final ObjectMapper json;
    private final RequestIds requestIds;

    public AuditLog(EntityManager em, ObjectMapper json, RequestIds requestIds) {
        this.em = em;
        this.json = json;
        this.requestIds = requestIds;
    }

    /** Records one action; {@code before} and {@code after} are serialised to JSON (null stays null). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void record(String actor, String action, String target, String reason, Object before, Object after) {
        em.createNativeQuery("INSERT INTO hub.audit_events (actor, action, target, reason, before, after, request_id)"
                        + " VALUES (?1, ?2, ?3, ?4, CAST(?5 AS jsonb), CAST(?6 AS jsonb), ?7)")
                .setParameter(1, actor).setParameter(2, action).setParameter(3, target).setParameter(4, reason)
                .setParameter(5, write(before)).setParameter(6, write(after)).setParameter(7, requestIds.current())
                .executeUpdate();
    }

    /** Filters of a read; null fields do not filter. {@code actor} is case-insensitive, {@code target} exact or a prefix ending in '*'. */
    public record Filter(String actor, String target, String action, OffsetDateTime from, OffsetDateTime to, int limit) {
    }

    /** Rows matching the filter, newest first. */
    @Transactional
    public List<AuditEvent> search(Filter f) {
        int limit = f.limit() <= 0 ? 100 : f.limit();
        if (limit > MAX_LIMIT) {
            throw new ApiException.Invalid(ProblemCode.INVALID_LIMIT, "limit must be between 1 and " + MAX_LIMIT + ".");
        }
        StringBuilder sql = new StringBuilder("SELECT id, at, actor, action, target, reason, CAST(before AS text) AS before,"
                + " CAST(after AS text) AS after, request_id FROM hub.audit_events WHERE true");
        List<Object> params = new ArrayList<>();
        if (notBlank(f.actor())) {
            params.add(f.actor().trim());
            sql.append(" AND lower(actor) = lower(?").append(params.size()).append(')');
        }
        if (notBlank(f.target())) {
            String t = f.target().trim();
            if (t.endsWith("*")) {
                params.add(t.substring(0, t.length() - 1).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%");
                sql.append(" AND target LIKE ?").append(params.size());
            } else {
                params.add(t);
                sql.append(" AND target = ?").append(params.size());
            }
        }
        if (notBlank(f.action())) {
            params.add(f.action().trim());
            sql.append(" AND action = ?").append(params.size());
        }
        if (f.from() != null) {
            params.add(f.from());
            sql.append(" AND at >= ?").append(params.size());
        }
        if (f.to() != null) {
            params.add(f.to());
            sql.append(" AND at < ?").append(params.size());
        }
        sql.append(" ORDER BY at DESC, id DESC LIMIT ").append(limit);
        Query q = em.createNativeQuery(sql.toString(), Tuple.class);
        for (int i = 0; i < params.size(); i++) {
            q.setParameter(i + 1, params.get(i));
        }
        List<AuditEvent> out = new ArrayList<>();
        for (Row r : Row.list(q)) {
            out.add(new AuditEvent(r.longValue("id"), "hub", r.time("at"), r.string("actor"), r.string("action"),
                    r.string("target"), r.string("reason"), read(r.string("before")), read(r.string("after")),
                    r.string("request_id")));
        }
        return out;
    }

    private static boolean notBlank(String s) {
        return s != null && !s.isBlank();
    }

    private String write(Object value) {
        if (value == null) {
            return null;
        }
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("audit state not serialisable", e);
        }
    }

    private JsonNode read(String text) {
        if (text == null) {
            return null;
        }
        try {
            return json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable audit row", e);
        }
    }
}
