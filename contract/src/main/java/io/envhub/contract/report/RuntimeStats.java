package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Cost of the main harness run.
 *
 * @param wallMs wall time inside the harness (import to fingerprint)
 * @param peakMemoryBytes peak resident memory of the harness process (getrusage)
 * @param sandboxWallMs wall time of the whole sandboxed command, including interpreter start
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RuntimeStats(long wallMs, long peakMemoryBytes, long sandboxWallMs) {
}
