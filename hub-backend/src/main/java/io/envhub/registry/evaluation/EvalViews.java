package io.envhub.registry.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.List;

/** What the evaluation API answers. */
public final class EvalViews {
    private EvalViews() {
    }

    /**
     * A run as lists show it. {@code avgReward} and {@code rewardStd} (population standard deviation) are computed
     * by the hub from the rows; {@code avgMetrics} are the per-reward-function means (from the rows' {@code metrics},
     * else as the metadata states them); {@code costMicroUsd} is in millionths of a US dollar.
     */
    public record RunSummary(long id, String owner, String name, String version, boolean versionYanked, String model,
                             String provider, JsonNode samplingArgs, int numExamples, int rolloutsPerExample,
                             int numRollouts, double avgReward, double rewardStd, JsonNode avgMetrics, JsonNode passAtK,
                             Long costMicroUsd, String evalDate, Long durationMs, String submitter,
                             OffsetDateTime createdAt, String provenance) {
    }

    /**
     * A run in full: its summary, the stored files and how its rollouts are paged, the metadata as sent, and whether
     * an admin hid it from the lists of runs (leaderboards, per version, environment and model), and why.
     */
    public record RunDetail(RunSummary run, String resultsSha256, long resultsBytes, int pageSize, int pages,
                            JsonNode metadata, boolean hidden, String hiddenReason, OffsetDateTime hiddenAt) {
    }

    /** The answer to a push. */
    public record Created(long id, String owner, String name, String version, String model, double avgReward,
                          double rewardStd, int numRollouts, String provenance) {
    }

    /** One rollout as stored (untrusted text: escape or sanitise it before showing it). */
    public record Rollout(long index, JsonNode exampleId, JsonNode prompt, JsonNode completion, JsonNode answer,
                          double reward, JsonNode metrics) {
    }

    /** One page of a run's rollouts ({@code page} counts from 1). */
    public record RolloutPage(long runId, int page, int pages, int pageSize, long total, List<Rollout> rollouts) {
    }
}
