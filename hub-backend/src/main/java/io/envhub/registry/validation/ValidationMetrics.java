package io.envhub.registry.validation;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.model.TrustVerdict;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Validation metrics on {@code /q/metrics}:
 * {@code envhub_validation_queue_jobs{state}} (jobs queued and running, read from the database every
 * {@link ValidationConfig#metricsRefresh()}; the same hub-wide figure on every instance),
 * {@code envhub_validation_jobs_finished_total{trustStatus}} (results and final errors recorded by this instance),
 * {@code envhub_validation_duration_seconds{trustStatus}} (claim to result, histogram) and
 * {@code envhub_validation_queue_wait_seconds} (queued to claimed, histogram). Counters move only after the transaction
 * that recorded the change committed.
 */
@ApplicationScoped
public class ValidationMetrics {
    private static final Logger LOG = Logger.getLogger(ValidationMetrics.class);
    /** The job states the depth gauge shows. */
    static final List<String> STATES = List.of(ValidationQueue.QUEUED, ValidationQueue.RUNNING);

    /** A job ended with a verdict (result recorded) or in error; {@code seconds} from claim to end, null if unknown. */
    public record Finished(String trustStatus, Double seconds) {
    }

    /** A job was claimed after waiting {@code seconds} in the queue. */
    public record Claimed(double seconds) {
    }

    private final MeterRegistry registry;
    private final AgroalDataSource dataSource;
    private final Map<String, AtomicLong> depth = new ConcurrentHashMap<>();
    private final Timer wait;

    public ValidationMetrics(MeterRegistry registry, AgroalDataSource dataSource) {
        this.registry = registry;
        this.dataSource = dataSource;
        for (String state : STATES) {
            AtomicLong n = depth.computeIfAbsent(state, s -> new AtomicLong());
            Gauge.builder("envhub.validation.queue.jobs", n, AtomicLong::get).tag("state", state)
                    .description("Validation jobs in this state (hub-wide)").register(registry);
        }
        for (String code : TrustVerdict.CODES) {
            if (!TrustVerdict.VALIDATING.equals(code)) {
                finished(code); // every outcome appears from the start, at 0
            }
        }
        this.wait = Timer.builder("envhub.validation.queue.wait").description("Time a job waited in the queue before a worker"
                + " claimed it").publishPercentileHistogram().register(registry);
    }

    /** Re-reads the queue depth. */
    @Scheduled(every = "${envhub.validation.metrics-refresh:PT10S}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void refreshDepth() {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT state, count(*) AS jobs FROM hub.validation_jobs"
                     + " WHERE state IN ('queued', 'running') GROUP BY state");
             ResultSet rs = ps.executeQuery()) {
            Map<String, Long> counts = new ConcurrentHashMap<>();
            while (rs.next()) {
                counts.put(rs.getString("state"), rs.getLong("jobs"));
            }
            STATES.forEach(s -> depth.get(s).set(counts.getOrDefault(s, 0L)));
        } catch (SQLException e) {
            LOG.warnf("could not read the validation queue depth: %s", e.getMessage());
        }
    }

    void onFinished(@Observes(during = TransactionPhase.AFTER_SUCCESS) Finished event) {
        finished(event.trustStatus()).increment();
        if (event.seconds() != null && event.seconds() >= 0) {
            Timer.builder("envhub.validation.duration").description("Validation time from claim to result")
                    .tag("trustStatus", event.trustStatus()).publishPercentileHistogram().register(registry)
                    .record(Duration.ofNanos((long) (event.seconds() * 1e9)));
        }
    }

    void onClaimed(@Observes(during = TransactionPhase.AFTER_SUCCESS) Claimed event) {
        wait.record(Duration.ofNanos((long) (Math.max(0, event.seconds()) * 1e9)));
    }

    private Counter finished(String trustStatus) {
        return Counter.builder("envhub.validation.jobs.finished").description("Validation jobs finished, by verdict")
                .tag("trustStatus", trustStatus).register(registry);
    }
}
