package io.envhub.registry.environment;

import io.envhub.format.version.Version;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.version.LatestVersion;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.List;

/**
 * Keeps an environment's denormalised validation status right: {@code latest_status} (the status of its
 * {@code latest_version}), {@code validated_version} (the newest validated version neither yanked nor quarantined, in PEP 440 order: what
 * the index serves),
 * {@code validated_at} (when that version's validation report was recorded) and the verdict lists show
 * ({@code trust_status}, {@code runtime_verified}, {@code trust_flags}, {@code status_reason}: those of the validated
 * version, else of the latest one unless it is quarantined, else none: search never calls a quarantined version
 * validated, issue 36 item 10). Lists read these columns instead of
 * joining the versions. Call {@link #refresh(long)} in the transaction of every change to a version's status, yank
 * state or existence; {@link LatestVersion#refresh} does so for pushes, yanks and deletes, the validation queue for
 * status changes.
 */
@ApplicationScoped
public class EnvironmentStatus {
    private final EntityManager em;

    public EnvironmentStatus(EntityManager em) {
        this.em = em;
    }

    /**
     * Locks the environment of a version (before the version row is changed, so that this transaction takes the
     * environment's lock first, like pushes, yanks and deletes do) and returns its id; null when the version is gone.
     */
    public Long lockEnvironmentOf(long versionId) {
        List<?> rows = em.createNativeQuery("SELECT e.id FROM hub.environments e JOIN hub.versions v ON v.environment_id = e.id"
                + " WHERE v.id = ?1 FOR UPDATE OF e").setParameter(1, versionId).getResultList();
        return rows.isEmpty() ? null : ((Number) rows.get(0)).longValue();
    }

    /** Recomputes the denormalised columns of one environment from its versions (pending entity changes are flushed first). */
    public void refresh(long environmentId) {
        em.flush();
        List<?> env = em.createNativeQuery("SELECT latest_version FROM hub.environments WHERE id = ?1 FOR UPDATE")
                .setParameter(1, environmentId).getResultList();
        if (env.isEmpty()) {
            return;
        }
        String latest = (String) env.get(0);
        List<Row> versions = Row.list(em.createNativeQuery("SELECT version, status, yanked,"
                + " quarantined_at IS NOT NULL AS quarantined FROM hub.versions"
                + " WHERE environment_id = ?1", Tuple.class).setParameter(1, environmentId));
        String latestStatus = null;
        Version best = null;
        String bestText = null;
        for (Row r : versions) {
            String text = r.string("version");
            if (text.equals(latest)) {
                latestStatus = r.string("status");
            }
            if (EnvironmentVersion.VALIDATED.equals(r.string("status")) && !r.isTrue("yanked") && !r.isTrue("quarantined")) {
                Version parsed = Version.parse(text);
                if (best == null || parsed.compareTo(best) > 0) {
                    best = parsed;
                    bestText = text;
                }
            }
        }
        // validated_at: when the report that validated it was recorded (a version without one: when it was published);
        // the verdict (V11): that of the validated version, else of the latest one unless it is quarantined or passed
        em.createNativeQuery("UPDATE hub.environments e SET latest_status = ?1, validated_version = ?2, validated_at ="
                        + " (SELECT coalesce(r.created_at, v.created_at) FROM hub.versions v LEFT JOIN hub.validation_reports r"
                        + " ON r.version_id = v.id AND r.status = 'validated' WHERE v.environment_id = e.id AND v.version = ?2),"
                        + " (trust_status, runtime_verified, trust_flags, status_reason) = (SELECT v.trust_status,"
                        + " v.runtime_verified, v.trust_flags, v.status_reason FROM hub.versions v WHERE v.environment_id = e.id"
                        + " AND v.version = coalesce(CAST(?2 AS text), e.latest_version)"
                        + " AND (CAST(?2 AS text) IS NOT NULL OR (v.quarantined_at IS NULL"
                        // a passing verdict belongs to a servable version: with none (all yanked), none is shown, so
                        // the verdict counters and the validated search agree (issue 36 item 9)
                        + " AND v.trust_status NOT IN ('verified', 'flagged'))))"
                        + " WHERE e.id = ?3")
                .setParameter(1, latestStatus).setParameter(2, bestText).setParameter(3, environmentId).executeUpdate();
    }
}
