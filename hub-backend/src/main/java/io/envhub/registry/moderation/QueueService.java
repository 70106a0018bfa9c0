package io.envhub.registry.moderation;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.security.AdminGate;
import io.envhub.registry.report.ReportView;
import io.envhub.registry.report.ReportService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The hub's part of the admin review queue: reports, flagged versions, first publications of new accounts. */
@ApplicationScoped
public class QueueService {
    /** Kinds this service answers. */
    public static final Set<String> KINDS = Set.of("report", "flagged-version", "first-publication");
    /** Most items per kind. */
    static final int PER_KIND = 200;
    private static final String VERSION_COLUMNS = "o.name AS owner, e.name, v.version, v.created_at, v.status, v.trust_status,"
            + " CAST(v.trust_flags AS text) AS trust_flags, v.status_reason, v.quarantined_at IS NOT NULL AS quarantined,"
            + " v.quarantine_reason, v.held_for_review, (SELECT p.name FROM hub.owners p WHERE p.id = v.created_by) AS publisher"
            + " FROM hub.versions v JOIN hub.environments e ON e.id = v.environment_id JOIN hub.owners o ON o.id = e.owner_id";

    private final AdminGate gate;
    private final EntityManager em;
    private final ModerationConfig config;
    private final ObjectMapper json;

    public QueueService(AdminGate gate, EntityManager em, ModerationConfig config, ObjectMapper json) {
        this.gate = gate;
        this.em = em;
        this.config = config;
        this.json = json;
    }

    /** Items newest first; {@code kind} one of {@link #KINDS} or null for all, {@code state} open, closed or null for both. */
    @Transactional
    public List<QueueItem> queue(String kind, String state) {
        gate.requireAdmin();
        if (kind != null && !kind.isBlank() && !KINDS.contains(kind) && !"application".equals(kind) && !"submission".equals(kind)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_KIND, "kind must be one of report, flagged-version, first-publication,"
                    + " application, submission.");
        }
        if (state != null && !state.isBlank() && !QueueItem.OPEN.equals(state) && !QueueItem.CLOSED.equals(state)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_STATE, "state must be open or closed.");
        }
        String k = kind == null || kind.isBlank() ? null : kind;
        String s = state == null || state.isBlank() ? null : state;
        List<QueueItem> items = new ArrayList<>();
        if (k == null || "report".equals(k)) {
            items.addAll(reports(s));
        }
        if (k == null || "flagged-version".equals(k)) {
            items.addAll(flagged(s));
        }
        if (k == null || "first-publication".equals(k)) {
            items.addAll(firstPublications(s));
        }
        items.sort(Comparator.comparing(QueueItem::at, Comparator.nullsLast(Comparator.reverseOrder())));
        return items;
    }

    private List<QueueItem> reports(String state) {
        String where = state == null ? "" : QueueItem.OPEN.equals(state) ? " WHERE r.state = 'open'" : " WHERE r.state <> 'open'";
        List<QueueItem> out = new ArrayList<>();
        for (Row row : Row.list(em.createNativeQuery("SELECT " + ReportService.COLUMNS + where
                + " ORDER BY r.created_at DESC LIMIT " + PER_KIND, Tuple.class))) {
            ReportView r = ReportService.view(row);
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("reportId", r.id());
            d.put("targetKind", r.targetKind());
            d.put("reason", r.reason());
            d.put("text", r.text());
            d.put("reporter", r.reporter());
            d.put("reportState", r.state());
            d.put("resolutionNote", r.resolutionNote());
            out.add(new QueueItem("report", "report:" + r.id(), "open".equals(r.state()) ? QueueItem.OPEN : QueueItem.CLOSED,
                    r.createdAt(), r.target(), r.reason() + ": " + shorten(r.text()), d));
        }
        return out;
    }

    /** Validated versions with a trust warning, and versions whose validation ended in an unclassified error. */
    private List<QueueItem> flagged(String state) {
        String where = " WHERE ((v.status = 'validated' AND v.trust_status = 'flagged') OR v.status = 'error')";
        if (QueueItem.OPEN.equals(state)) {
            where += " AND v.quarantined_at IS NULL";
        } else if (QueueItem.CLOSED.equals(state)) {
            where += " AND v.quarantined_at IS NOT NULL";
        }
        List<QueueItem> out = new ArrayList<>();
        for (Row row : Row.list(em.createNativeQuery("SELECT " + VERSION_COLUMNS + where + " ORDER BY v.created_at DESC LIMIT "
                + PER_KIND, Tuple.class))) {
            VersionRow r = VersionRow.of(row);
            Map<String, Object> d = versionDetail(r);
            String title = "error".equals(r.status()) ? "validation error: " + shorten(r.statusReason())
                    : "flagged: " + shorten(flagText(d.get("trustFlags")));
            out.add(new QueueItem("flagged-version", "version:" + r.target(), r.quarantined() ? QueueItem.CLOSED : QueueItem.OPEN,
                    r.createdAt(), r.target(), title, d));
        }
        return out;
    }

    /** The first version each account published: recent ones, and every one still held for review. */
    private List<QueueItem> firstPublications(String state) {
        String first = " WHERE v.created_by IS NOT NULL AND NOT EXISTS (SELECT 1 FROM hub.versions x WHERE x.created_by = v.created_by"
                + " AND (x.created_at, x.id) < (v.created_at, v.id))";
        String open = "(v.held_for_review OR (v.created_at > now() - make_interval(secs => ?1) AND NOT v.held_for_review"
                + " AND v.quarantined_at IS NULL AND ?2))";
        String where = first + (QueueItem.OPEN.equals(state) ? " AND " + open
                : QueueItem.CLOSED.equals(state) ? " AND NOT " + open + " AND v.created_at > now() - make_interval(secs => ?1)"
                : " AND (" + open + " OR v.created_at > now() - make_interval(secs => ?1))");
        boolean holdOff = !config.holdFirstPublication();
        List<QueueItem> out = new ArrayList<>();
        for (Row row : Row.list(em.createNativeQuery("SELECT " + VERSION_COLUMNS + where + " ORDER BY v.created_at DESC LIMIT "
                        + PER_KIND, Tuple.class)
                .setParameter(1, (double) config.firstPublicationWindow().toSeconds()).setParameter(2, holdOff))) {
            VersionRow r = VersionRow.of(row);
            boolean held = r.heldForReview();
            boolean isOpen = held || holdOff && !r.quarantined()
                    && r.createdAt().isAfter(OffsetDateTime.now().minus(config.firstPublicationWindow()));
            out.add(new QueueItem("first-publication", "first:" + r.target(), isOpen ? QueueItem.OPEN : QueueItem.CLOSED,
                    r.createdAt(), r.target(), (held ? "held for review: " : "first publication by ") + r.publisher(),
                    versionDetail(r)));
        }
        return out;
    }

    /** A row of {@link #VERSION_COLUMNS}. */
    private record VersionRow(String owner, String name, String version, OffsetDateTime createdAt, String status,
                              String trustStatus, String trustFlags, String statusReason, boolean quarantined,
                              String quarantineReason, boolean heldForReview, String publisher) {
        static VersionRow of(Row r) {
            return new VersionRow(r.string("owner"), r.string("name"), r.string("version"), r.time("created_at"),
                    r.string("status"), r.string("trust_status"), r.string("trust_flags"), r.string("status_reason"),
                    r.isTrue("quarantined"), r.string("quarantine_reason"), r.isTrue("held_for_review"), r.string("publisher"));
        }

        /** {@code owner/name@version}. */
        String target() {
            return owner + "/" + name + "@" + version;
        }
    }

    private Map<String, Object> versionDetail(VersionRow r) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("owner", r.owner());
        d.put("name", r.name());
        d.put("version", r.version());
        d.put("status", r.status());
        d.put("trustStatus", r.trustStatus());
        d.put("trustFlags", flags(r.trustFlags()));
        d.put("statusReason", r.statusReason());
        d.put("quarantined", r.quarantined());
        d.put("quarantineReason", r.quarantineReason());
        d.put("heldForReview", r.heldForReview());
        d.put("publisher", r.publisher());
        return d;
    }

    private List<Map<String, Object>> flags(String text) {
        try {
            return text == null ? List.of() : json.readValue(text, new TypeReference<List<Map<String, Object>>>() {
            });
        } catch (Exception e) {
            return List.of();
        }
    }

    @SuppressWarnings("unchecked")
    private static String flagText(Object flags) {
        List<String> parts = new ArrayList<>();
        for (Map<String, Object> f : (List<Map<String, Object>>) flags) {
            parts.add(String.valueOf(f.getOrDefault("message", f.get("code"))));
        }
        return String.join("; ", parts);
    }

    private static String shorten(String s) {
        if (s == null) {
            return "";
        }
        String one = s.replaceAll("\\s+", " ").strip();
        return one.length() <= 120 ? one : one.substring(0, 117) + "...";
    }
}
