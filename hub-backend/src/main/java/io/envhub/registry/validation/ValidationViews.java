package io.envhub.registry.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/** Request and response bodies of the internal validation API. */
public final class ValidationViews {
    private ValidationViews() {
    }

    /** {@code POST /claim} body. */
    public record ClaimRequest(String worker) {
    }

    /** A claimed job: what to download and validate, and the lease the worker now holds. */
    public record Claimed(long jobId, int attempt, OffsetDateTime leaseExpiresAt, String owner, String name, String version,
                          String filename, String sha256, long size, String downloadUrl) {
    }

    /** {@code POST /{jobId}/heartbeat} body. */
    public record HeartbeatRequest(String worker) {
    }

    /** The extended lease. */
    public record Lease(long jobId, String worker, OffsetDateTime leaseExpiresAt) {
    }

    /** {@code POST /{jobId}/result} body: the validator's report JSON. */
    public record ResultRequest(String worker, JsonNode report) {
    }

    /** {@code POST /{jobId}/failure} body: an infrastructure failure (not a verdict on the package). */
    public record FailureRequest(String worker, String error) {
    }

    /** The job's state after a result or failure, and the version's status. */
    public record Outcome(long jobId, String state, int attempts, String versionStatus) {
    }
}
