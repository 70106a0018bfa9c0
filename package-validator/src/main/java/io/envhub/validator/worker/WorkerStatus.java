package io.envhub.validator.worker;

import io.envhub.validator.ValidatorConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/** What this worker is (its id, since when it runs, which hub it serves) and what it has done. */
@ApplicationScoped
public class WorkerStatus {
    private final String workerId;
    private final Instant startedAt = Instant.now();
    private final String hubUrl;
    private final AtomicLong jobsDone = new AtomicLong();
    private final AtomicLong jobsFailed = new AtomicLong();
    private final AtomicReference<LastJob> lastJob = new AtomicReference<>();
    private final AtomicReference<String> current = new AtomicReference<>();

    public WorkerStatus(ValidatorConfig config) {
        this.workerId = config.workerId().orElse(ManagementFactory.getRuntimeMXBean().getName());
        this.hubUrl = config.hubUrl();
    }

    /**
     * The last job this worker finished.
     *
     * @param jobId the hub's job id
     * @param environment {@code owner/name==version}
     * @param outcome the report's status (validated, failed), or {@code infrastructure-failure}
     * @param detail the hub's answer or the failure's message
     * @param finishedAt when
     */
    public record LastJob(long jobId, String environment, String outcome, String detail, Instant finishedAt) {
    }

    /**
     * The status document.
     *
     * @param jobsDone jobs whose report was recorded by the hub
     * @param jobsFailed jobs given back after an infrastructure failure (or whose result the hub refused)
     * @param currentJob the job being validated now, if any
     */
    public record Status(String workerId, Instant startedAt, String hubUrl, long jobsDone, long jobsFailed, String currentJob,
                         LastJob lastJob) {
    }

    public Status status() {
        return new Status(workerId, startedAt, hubUrl, jobsDone.get(), jobsFailed.get(), current.get(), lastJob.get());
    }

    /** This worker's name in leases. */
    public String workerId() {
        return workerId;
    }

    void started(String job) {
        current.set(job);
    }

    void done(LastJob job) {
        jobsDone.incrementAndGet();
        lastJob.set(job);
        current.set(null);
    }

    void failed(LastJob job) {
        jobsFailed.incrementAndGet();
        lastJob.set(job);
        current.set(null);
    }
}
