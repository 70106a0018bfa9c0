package io.envhub.registry.audit;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.audit.RequestIds;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
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
        StringBuilder sql = new StringBuilder("SELECT id, at, actor, action, target, reason, CAST(before AS text),"
                + " CAST(after AS text), request_id FROM hub.audit_events WHERE true");
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
        Query q = em.createNativeQuery(sql.toString());
        for (int i = 0; i < params.size(); i++) {
            q.setParameter(i + 1, params.get(i));
        }
        List<AuditEvent> out = new ArrayList<>();
        for (Object row : q.getResultList()) {
            Object[] r = (Object[]) row;
            out.add(new AuditEvent(((Number) r[0]).longValue(), "hub", time(r[1]), (String) r[2], (String) r[3],
                    (String) r[4], (String) r[5], read((String) r[6]), read((String) r[7]), (String) r[8]));
        }
        return out;
    }

    static OffsetDateTime time(Object value) {
        if (value instanceof OffsetDateTime t) {
            return t;
        }
        if (value instanceof java.time.Instant i) {
            return i.atOffset(ZoneOffset.UTC);
        }
        if (value instanceof java.sql.Timestamp ts) {
            return ts.toInstant().atOffset(ZoneOffset.UTC);
        }
        return value == null ? null : OffsetDateTime.parse(value.toString());
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
