package io.envhub.validator.worker;

import io.envhub.validator.ValidatorConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.lang.management.ManagementFactory;
import java.time.Instant;

/** What this worker is: its id, since when it runs, which hub it serves. */
@ApplicationScoped
public class WorkerStatus {
    private final String workerId;
    private final Instant startedAt = Instant.now();
    private final String hubUrl;

    public WorkerStatus(ValidatorConfig config) {
        this.workerId = config.workerId().orElse(ManagementFactory.getRuntimeMXBean().getName());
        this.hubUrl = config.hubUrl();
    }

    /** The status document. */
    public record Status(String workerId, Instant startedAt, String hubUrl) {
    }

    public Status status() {
        return new Status(workerId, startedAt, hubUrl);
    }
}
