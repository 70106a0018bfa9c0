package io.envhub.validator.worker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.report.ValidationReport;
import io.envhub.contract.validation.ClaimedJob;
import io.envhub.format.hash.Sha256;
import io.envhub.validator.ValidatorConfig;
import io.envhub.validator.check.ReportJson;
import io.envhub.validator.check.ValidationEngine;
import io.envhub.validator.sandbox.SandboxGate;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * Claims jobs from hub-backend one at a time, downloads the wheel, verifies its sha256, validates it, extends the
 * lease while validating and posts the report; an infrastructure problem (download, checksum, sandbox, I/O) is
 * posted as a failure so the hub retries the job. Runs on one thread (concurrency 1 per process) when
 * {@code envhub.validator.worker.enabled}; never claims while the sandbox is unavailable.
 */
@ApplicationScoped
public class WorkerLoop {
    private static final Logger LOG = Logger.getLogger(WorkerLoop.class);

    private final HubQueueClient hub;
    private final ValidationEngine engine;
    private final SandboxGate gate;
    private final WorkerStatus status;
    private final WorkerConfig config;
    private final ValidatorConfig validator;
    private final ObjectMapper json;
    private volatile boolean running;
    private Thread thread;
    private ScheduledExecutorService heartbeats;

    public WorkerLoop(HubQueueClient hub, ValidationEngine engine, SandboxGate gate, WorkerStatus status, WorkerConfig config,
                      ValidatorConfig validator, ObjectMapper json) {
        this.hub = hub;
        this.engine = engine;
        this.gate = gate;
        this.status = status;
        this.config = config;
        this.validator = validator;
        this.json = json;
    }

    void onStart(@Observes StartupEvent event) {
        if (!config.enabled()) {
            LOG.info("queue worker disabled (envhub.validator.worker.enabled=false)");
            return;
        }
        start();
    }

    void onStop(@Observes ShutdownEvent event) {
        stop();
    }

    /** Starts the loop thread (once). */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        heartbeats = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "validator-heartbeat"));
        thread = daemon(this::loop, "validator-worker");
        thread.start();
        LOG.infof("queue worker %s polling %s every %s", status.workerId(), validator.hubUrl(), config.pollInterval());
    }

    /** Stops the loop; a job in progress is abandoned (its lease expires and another worker claims it). */
    public synchronized void stop() {
        running = false;
        if (thread != null) {
            thread.interrupt();
            thread = null;
        }
        if (heartbeats != null) {
            heartbeats.shutdownNow();
            heartbeats = null;
        }
    }

    private void loop() {
        boolean warnedSandbox = false;
        while (running) {
            boolean worked = false;
            try {
                if (gate.problem() != null) {
                    if (!warnedSandbox) {
                        LOG.errorf("not claiming jobs: the sandbox is unavailable (%s)", gate.problem());
                        warnedSandbox = true;
                    }
                } else {
                    worked = runOnce();
                }
            } catch (IOException | RuntimeException e) {
                LOG.warnf("queue worker: %s", e.getMessage());
            }
            if (!worked && !sleep()) {
                return;
            }
        }
    }

    /** Claims and processes one job; false when nothing was claimable. */
    public boolean runOnce() throws IOException {
        Optional<ClaimedJob> claimed = hub.claim(status.workerId());
        if (claimed.isEmpty()) {
            return false;
        }
        process(claimed.get());
        return true;
    }

    private void process(ClaimedJob job) {
        String label = job.owner() + "/" + job.name() + "==" + job.version();
        String worker = status.workerId();
        status.started(job.jobId() + " " + label);
        LOG.infof("claimed job %d: %s/%s@%s (attempt %d, %s)", job.jobId(), job.owner(), job.name(), job.version(),
                job.attempt(), job.filename());
        ScheduledFuture<?> beat = heartbeats.scheduleAtFixedRate(() -> heartbeat(job), config.heartbeatInterval().toMillis(),
                config.heartbeatInterval().toMillis(), TimeUnit.MILLISECONDS);
        Path dir = null;
        try {
            Path base = Path.of(validator.workDir().orElse(System.getProperty("java.io.tmpdir")));
            Files.createDirectories(base);
            dir = Files.createTempDirectory(base, "job-" + job.jobId() + "-");
            Path wheel = dir.resolve(safeName(job.filename()));
            hub.download(job.downloadUrl(), wheel);
            String actual = sha256(wheel);
            if (!actual.equals(job.sha256()) || Files.size(wheel) != job.size()) {
                throw new IOException("downloaded wheel does not match the hub's record: sha256 " + actual + ", expected "
                        + job.sha256());
            }
            ValidationReport report = engine.validate(wheel, job.owner());
            JsonNode answer = hub.result(job.jobId(), worker, json.readTree(ReportJson.write(report)));
            status.done(new WorkerStatus.LastJob(job.jobId(), label, report.status(), answer.path("versionStatus").asText(),
                    Instant.now()));
            if (report.skipReason() != null) {
                LOG.infof("job %d %s: %s, runtime checks skipped: %s", job.jobId(), label, report.status(), report.skipReason());
            } else {
                LOG.infof("job %d %s: %s (runtime verified: %s)", job.jobId(), label, report.status(), report.runtimeVerified());
            }
        } catch (IOException | RuntimeException e) {
            String message = e.getClass().getSimpleName() + ": " + e.getMessage();
            LOG.warnf("job %d %s: infrastructure failure: %s", job.jobId(), label, message);
            String detail = message;
            if (!(e instanceof HubQueueClient.HubException h && h.status() == 409)) {
                try {
                    detail = hub.failure(job.jobId(), worker, message).path("state").asText();
                } catch (IOException | RuntimeException again) {
                    LOG.warnf("job %d: could not report the failure (%s); its lease will expire", job.jobId(), again.getMessage());
                }
            }
            status.failed(new WorkerStatus.LastJob(job.jobId(), label, "infrastructure-failure", detail, Instant.now()));
        } finally {
            // not interrupted: a heartbeat in flight finishes (at worst answered 409 after the result); interrupting
            // the shared HTTP client's call seemed to cut other calls' connections too: in one run a claim and a job's
            // call both failed with "EOF reached while reading" 20 ms after such an interrupt, and a result the hub
            // recorded went uncounted)
            beat.cancel(false);
            deleteTree(dir);
        }
    }

    private void heartbeat(ClaimedJob job) {
        try {
            hub.heartbeat(job.jobId(), status.workerId());
        } catch (IOException | RuntimeException e) {
            LOG.warnf("job %d: heartbeat failed: %s", job.jobId(), e.getMessage());
        }
    }

    private static String safeName(String filename) {
        String name = Path.of(filename == null || filename.isBlank() ? "package.whl" : filename).getFileName().toString();
        return name.startsWith(".") ? "package.whl" : name;
    }

    private static String sha256(Path file) throws IOException {
        MessageDigest digest = Sha256.newDigest();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[65536];
            for (int n = in.read(buf); n > 0; n = in.read(buf)) {
                digest.update(buf, 0, n);
            }
        }
        return Sha256.hex(digest.digest());
    }

    private static void deleteTree(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.warnf("could not delete %s: %s", dir, e.getMessage());
        }
    }

    private boolean sleep() {
        try {
            Thread.sleep(config.pollInterval().toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
