package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A hub-run evaluation as {@code GET .../evals/runs/{id}} answers it (and, with only {@code id} and {@code status},
 * as {@code POST .../evals/runs} answers 202).
 *
 * @param id the run's id (32 hex digits)
 * @param status {@value #QUEUED}, {@value #RUNNING}, {@value #FINISHED}, {@value #FAILED} or {@value #CANCELLED}
 * @param done rollouts done so far
 * @param total rollouts planned (examples × rollouts per example)
 * @param meanReward mean reward of the rollouts done so far, null before the first
 * @param provenance always {@value #PROVENANCE}
 * @param model the model evaluated
 * @param error why it failed (readable; never the API key), or null
 * @param evalRunId the evaluation run it became once finished (its page is the normal run page), or null
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HubEvalRun(String id, String status, Integer done, Integer total, Double meanReward, String provenance,
                         String model, String error, Long evalRunId) {
    public static final String QUEUED = "queued";
    public static final String RUNNING = "running";
    public static final String FINISHED = "finished";
    public static final String FAILED = "failed";
    public static final String CANCELLED = "cancelled";
    /** The provenance of an evaluation run the hub ran itself. */
    public static final String PROVENANCE = "hub-run";

    /** The 202 answer to a start. */
    public static HubEvalRun queued(String id) {
        return new HubEvalRun(id, QUEUED, null, null, null, null, null, null, null);
    }

    /** Whether the run is over (finished, failed or cancelled). */
    public boolean over() {
        return FINISHED.equals(status) || FAILED.equals(status) || CANCELLED.equals(status);
    }
}
