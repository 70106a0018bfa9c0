package io.envhub.registry.validation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.format.fingerprint.Fingerprint;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.benchmark.BenchmarkConfig;
import io.envhub.registry.benchmark.BenchmarkScan;
import io.envhub.registry.benchmark.HubFindings;
import io.envhub.registry.benchmark.PreviewRow;
import io.envhub.registry.environment.EnvironmentStatus;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.registry.model.VersionVerdicts;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.List;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Re-checks stored reports against every reference benchmark when a set is added or removed: claims queued rows of
 * {@code hub.benchmark_rechecks} with {@code FOR UPDATE SKIP LOCKED} and a lease (its own transaction), then, one
 * report per transaction, replaces the report's {@code benchmark-overlap} findings, recomputes the version's verdict
 * (a version can turn flagged, or back to verified) and its environment's status, and marks the row done. Idempotent:
 * a row whose lease expired (a crashed instance) is claimed again and gives the same result; a row that failed
 * {@value #MAX_ATTEMPTS} times is marked done with its error.
 */
@ApplicationScoped
public class BenchmarkRecheck {
    static final int MAX_ATTEMPTS = 3;
    private static final Logger LOG = Logger.getLogger(BenchmarkRecheck.class);

    private final EntityManager em;
    private final ObjectMapper json;
    private final BenchmarkScan scan;
    private final BenchmarkConfig config;
    private final VersionVerdicts verdicts;
    private final EnvironmentStatus environments;

    public BenchmarkRecheck(EntityManager em, ObjectMapper json, BenchmarkScan scan, BenchmarkConfig config,
                            VersionVerdicts verdicts, EnvironmentStatus environments) {
        this.em = em;
        this.json = json;
        this.scan = scan;
        this.config = config;
        this.verdicts = verdicts;
        this.environments = environments;
    }

    /** A claimed re-check. */
    record Claimed(long id, long versionId, int attempts) {
    }

    @Scheduled(every = "${envhub.benchmarks.recheck-poll:2s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void tick() {
        if (config.recheckWorker()) {
            runDue();
        }
    }

    /** Claims and runs due re-checks (one round); returns how many were claimed. */
    public int runDue() {
        List<Claimed> claimed = QuarkusTransaction.requiringNew().call(this::claim);
        for (Claimed c : claimed) {
            try {
                QuarkusTransaction.requiringNew().run(() -> recheck(c));
            } catch (RuntimeException e) {
                LOG.warnf(e, "re-check %d of version %d failed (attempt %d)", c.id(), c.versionId(), c.attempts());
                QuarkusTransaction.requiringNew().run(() -> failed(c, e));
            }
        }
        return claimed.size();
    }

    private List<Claimed> claim() {
        return Row.list(em.createNativeQuery("UPDATE hub.benchmark_rechecks SET state = 'running', attempts = attempts + 1,"
                        + " lease_expires_at = now() + make_interval(secs => ?1), updated_at = now() WHERE id IN ("
                        + "SELECT id FROM hub.benchmark_rechecks WHERE state = 'queued' OR (state = 'running'"
                        + " AND lease_expires_at < now()) ORDER BY id LIMIT ?2 FOR UPDATE SKIP LOCKED)"
                        + " RETURNING id, version_id, attempts", Tuple.class)
                .setParameter(1, (double) config.recheckLease().toMillis() / 1000).setParameter(2, config.recheckBatch()))
                .stream().map(r -> new Claimed(r.longValue("id"), r.longValue("version_id"), r.intValue("attempts"))).toList();
    }

    private void recheck(Claimed c) {
        Long environmentId = environments.lockEnvironmentOf(c.versionId()); // the lock order of pushes and results
        int mine = em.createNativeQuery("UPDATE hub.benchmark_rechecks SET state = 'done', lease_expires_at = NULL,"
                        + " last_error = NULL, updated_at = now() WHERE id = ?1 AND state = 'running' AND attempts = ?2")
                .setParameter(1, c.id()).setParameter(2, c.attempts()).executeUpdate();
        if (mine == 0 || environmentId == null) {
            return; // taken again after our lease expired, or the version is gone
        }
        Optional<Row> row = Row.first(em.createNativeQuery("SELECT CAST(r.report AS text) AS report,"
                        + " CAST(r.fingerprint AS text) AS fingerprint, v.status FROM hub.validation_reports r"
                        + " JOIN hub.versions v ON v.id = r.version_id WHERE r.version_id = ?1 FOR UPDATE OF r", Tuple.class)
                .setParameter(1, c.versionId()));
        if (row.isEmpty() || row.get().string("fingerprint") == null) {
            return;
        }
        ObjectNode report = (ObjectNode) read(row.get().string("report"));
        String before = report.toString();
        Fingerprint fingerprint = json.convertValue(read(row.get().string("fingerprint")), Fingerprint.class);
        HubFindings.replace(report, HubFindings.BENCHMARK_OVERLAP,
                scan.scan(fingerprint, PreviewRow.of(report)).stream().map(HubFindings::benchmarkOverlap).toList(), json);
        if (before.equals(report.toString())) {
            return;
        }
        em.createNativeQuery("UPDATE hub.validation_reports SET report = CAST(?1 AS jsonb) WHERE version_id = ?2")
                .setParameter(1, report.toString()).setParameter(2, c.versionId()).executeUpdate();
        String status = row.get().string("status");
        if (EnvironmentVersion.VALIDATED.equals(status) || EnvironmentVersion.FAILED.equals(status)) {
            verdicts.setStatus(c.versionId(), status);
            environments.refresh(environmentId);
        }
    }

    private void failed(Claimed c, RuntimeException e) {
        String error = String.valueOf(e.getMessage());
        em.createNativeQuery("UPDATE hub.benchmark_rechecks SET state = CASE WHEN attempts >= ?1 THEN 'done' ELSE 'queued' END,"
                        + " lease_expires_at = NULL, last_error = ?2, updated_at = now() WHERE id = ?3 AND attempts = ?4")
                .setParameter(1, MAX_ATTEMPTS).setParameter(2, error.length() > 2000 ? error.substring(0, 2000) : error)
                .setParameter(3, c.id()).setParameter(4, c.attempts()).executeUpdate();
    }

    private JsonNode read(String text) {
        try {
            return json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored report is unreadable", e);
        }
    }
}
