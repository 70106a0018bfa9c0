package io.envhub.registry.validation;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/**
 * Request and response bodies of the internal validation API; the claimed job, which package-validator reads, is
 * contract's {@link io.envhub.contract.validation.ClaimedJob}.
 */
public final class ValidationViews {
    private ValidationViews() {
    }

    /** {@code POST /claim} body. */
    public record ClaimRequest(String worker) {
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
