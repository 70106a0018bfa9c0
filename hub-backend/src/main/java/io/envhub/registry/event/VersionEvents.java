package io.envhub.registry.event;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.envhub.contract.TrustStatus;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.VersionSummary;
import io.envhub.contract.event.EventType;
import io.envhub.contract.event.Notice;
import io.envhub.contract.event.NotificationKind;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.VersionVerdicts;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;

/**
 * The version events ({@code version.published}, {@code version.validated}, {@code version.quarantined}), written in the
 * transaction of the change with the version as the API shows it ({@link VersionSummary}, plus its environment), and the
 * notices they carry: the publisher hears of the validation result; admins of a flagged or held first publication.
 */
@ApplicationScoped
public class VersionEvents {
    private final EntityManager em;
    private final EventOutbox outbox;
    private final People people;

    public VersionEvents(EntityManager em, EventOutbox outbox, People people) {
        this.em = em;
        this.outbox = outbox;
        this.people = people;
    }

    /**
     * A version as a webhook shows it: the version list item of the API ({@link VersionSummary}, its fields at the top
     * level) with the environment's owner, name and visibility.
     *
     * @param owner the environment's owner
     * @param name the environment's name
     * @param visibility {@code public} or {@code private}
     * @param version the version as {@code GET .../versions} lists it
     */
    public record VersionObject(String owner, String name, String visibility, @JsonUnwrapped VersionSummary version) {
    }

    /** {@code version.published}: a version was pushed (any upload path). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void published(long versionId) {
        Loaded v = load(versionId);
        outbox.emit(EventType.VERSION_PUBLISHED, v.object, v.scope, List.of());
    }

    /** {@code version.validated}: validation finished; the publisher is told, admins too for a flagged first publication. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void validated(long versionId) {
        Loaded v = load(versionId);
        List<Notice> notify = new ArrayList<>();
        String trust = v.object.version().verdict().trustStatus();
        String what = v.object.owner() + "/" + v.object.name() + " " + v.object.version().version();
        String link = "/" + v.object.owner() + "/" + v.object.name() + "/versions/" + v.object.version().version();
        NotificationKind kind = TrustStatus.FLAGGED.wire().equals(trust) ? NotificationKind.VERSION_FLAGGED
                : TrustStatus.FAILED.wire().equals(trust) || TrustStatus.ERROR.wire().equals(trust)
                ? NotificationKind.VERSION_FAILED : NotificationKind.VERSION_VALIDATED;
        String label = v.object.version().verdict().statusLabel();
        if (v.publisher != null) {
            notify.add(new Notice(v.publisher, kind.wire(), what + ": " + label, link));
        }
        if (kind == NotificationKind.VERSION_FLAGGED && v.firstPublication) {
            notify.add(new Notice(Notice.ADMINS, NotificationKind.ADMIN_FLAGGED.wire(),
                    "First publication flagged: " + what + " (" + label + ")", "/admin/review?target=" + what.replace(' ', '@')));
        }
        outbox.emit(EventType.VERSION_VALIDATED, v.object, v.scope, notify);
    }

    /** {@code version.quarantined}: an admin quarantined it, or it was held for review (admins are told of a hold). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void quarantined(long versionId, boolean heldForReview) {
        Loaded v = load(versionId);
        List<Notice> notify = new ArrayList<>();
        if (heldForReview) {
            String what = v.object.owner() + "/" + v.object.name() + "@" + v.object.version().version();
            notify.add(new Notice(Notice.ADMINS, NotificationKind.ADMIN_FLAGGED.wire(), "First publication held for review: "
                    + what, "/admin/review?target=" + what));
        }
        outbox.emit(EventType.VERSION_QUARANTINED, v.object, v.scope, notify);
    }

    private record Loaded(VersionObject object, EventOutbox.Scope scope, String publisher, boolean firstPublication) {
    }

    private Loaded load(long versionId) {
        Row r = Row.single(em.createNativeQuery("""
                SELECT e.id AS env_id, e.owner_id, o.name AS owner, e.name, e.visibility, v.version, v.status, v.yanked,
                       v.yank_reason, v.created_at, v.trust_status, v.runtime_verified, CAST(v.trust_flags AS text) AS flags,
                       v.status_reason, v.quarantined_at IS NOT NULL AS quarantined, v.quarantine_reason, v.created_by,
                       a.filename, a.size, a.sha256,
                       NOT EXISTS (SELECT 1 FROM hub.versions p WHERE p.created_by = v.created_by AND p.id < v.id) AS first_one
                  FROM hub.versions v JOIN hub.environments e ON e.id = v.environment_id JOIN hub.owners o ON o.id = e.owner_id
                  LEFT JOIN LATERAL (SELECT filename, size, sha256 FROM hub.artifacts WHERE version_id = v.id ORDER BY id LIMIT 1) a
                         ON true
                 WHERE v.id = ?1""", Tuple.class).setParameter(1, versionId));
        Verdict verdict = VersionVerdicts.fromColumns(r.string("trust_status"), r.bool("runtime_verified"), r.string("flags"),
                r.string("status_reason"));
        VersionSummary summary = new VersionSummary(r.string("version"), r.isTrue("yanked"),
                r.string("yank_reason"), r.time("created_at"), r.string("filename"), r.longOrNull("size"), r.string("sha256"),
                verdict, r.isTrue("quarantined"), r.string("quarantine_reason"));
        VersionObject object = new VersionObject(r.string("owner"), r.string("name"), r.string("visibility"), summary);
        return new Loaded(object, new EventOutbox.Scope(r.longValue("env_id"), r.longValue("owner_id")),
                people.nameOf(r.longOrNull("created_by")), r.isTrue("first_one") && r.get("created_by") != null);
    }
}
