package io.envhub.registry.download;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.api.DayCount;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.gate.GateGuard;
import io.envhub.registry.model.Artifact;
import io.envhub.registry.moderation.Quarantined;
import io.envhub.registry.version.VersionService.Found;
import io.envhub.registry.version.VersionService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;

/**
 * Counts downloads and hands out presigned URLs: the bytes never pass through the JVM. Days are UTC days. Counts are
 * kept in memory and written in batches ({@link DownloadCounter}); presigned URLs are reused ({@link PresignedUrls}).
 */
@ApplicationScoped
public class DownloadService {
    /** Most days of history one request may ask for. */
    public static final int MAX_DAYS = 365;

    private final VersionService versions;
    private final EnvironmentLookup lookup;
    private final PresignedUrls presigned;
    private final EntityManager em;
    private final DownloadCounter counter;
    private final GateGuard gate;

    public DownloadService(VersionService versions, EnvironmentLookup lookup, PresignedUrls presigned, EntityManager em,
                           DownloadCounter counter, GateGuard gate) {
        this.gate = gate;
        this.counter = counter;
        this.versions = versions;
        this.lookup = lookup;
        this.presigned = presigned;
        this.em = em;
    }

    /** Where to fetch a version's wheel, and its sha256. */
    public record Target(String url, String sha256, String filename) {
    }

    /**
     * Counts one download of {@code version} (exact identity, yanked or not) and presigns its wheel. Not
     * transactional: the lookups only read, and the counter writes later in batches (see {@link DownloadCounter}).
     */
    public Target download(String owner, String name, String version) {
        Found found = versions.find(owner, name, version);
        Artifact artifact = found.artifact();
        gate.requireFileAccess(found.environment());
        if (found.version().isQuarantined()) {
            // the owner is a lazy association and this method holds no session: read its name by id (issue 36, item 1)
            String ownerName = em.createQuery("select e.owner.name from Environment e where e.id = ?1", String.class)
                    .setParameter(1, found.environment().id).getSingleResult();
            throw new Quarantined(ownerName + "/" + found.environment().name + " " + found.version().version,
                    found.version().quarantineReason);
        }
        if (artifact == null) {
            throw new ApiException.NotFound("Version " + version + " has no file to download.");
        }
        counter.count(found.environment().id);
        String url = presigned.get(artifact.objectKey, artifact.filename);
        return new Target(url, artifact.sha256, artifact.filename);
    }

    /** Downloads per UTC day for the last {@code days} days (today included), zero-filled, oldest first. */
    @Transactional
    public List<DayCount> history(String owner, String name, int days) {
        checkDays(days);
        return history(lookup.readable(owner, name).id, days);
    }

    /** {@link #history(String, String, int)} of an environment already found and checked readable. */
    @Transactional
    public List<DayCount> history(long environmentId, int days) {
        checkDays(days);
        List<Row> rows = Row.list(em.createNativeQuery("""
                SELECT d.day::date AS day, coalesce(dd.count, 0) AS downloads
                  FROM generate_series((now() AT TIME ZONE 'UTC')::date - (?2 - 1), (now() AT TIME ZONE 'UTC')::date,
                                       interval '1 day') AS d(day)
                  LEFT JOIN hub.downloads_daily dd ON dd.environment_id = ?1 AND dd.day = d.day::date
                 ORDER BY d.day
                """, Tuple.class).setParameter(1, environmentId).setParameter(2, days));
        List<DayCount> out = new ArrayList<>(rows.size());
        for (Row r : rows) {
            out.add(new DayCount(r.date("day"), r.longValue("downloads")));
        }
        return out;
    }

    private static void checkDays(int days) {
        if (days < 1 || days > MAX_DAYS) {
            throw new ApiException.Invalid(ProblemCode.INVALID_DAYS, "days must be between 1 and " + MAX_DAYS + ".");
        }
    }
}
