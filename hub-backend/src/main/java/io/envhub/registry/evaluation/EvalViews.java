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
                             OffsetDateTime createdAt, String provenance, String format) {
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

    /**
     * One rollout as stored (untrusted text: escape it before showing it). A verifiers-v1 run's rollout is one trace:
     * {@code index} is its episode's line, {@code exampleId} the task key, and it also has its {@code traceId}, its
     * {@code turns}, its {@code stopCondition}, its {@code rewards} per reward function ({@code {score, weight}}), whether
     * it finished {@code ok}, and its {@code errors}; these are null for verifiers-v0 rows.
     */
    public record Rollout(long index, JsonNode exampleId, JsonNode prompt, JsonNode completion, JsonNode answer,
                          double reward, JsonNode metrics, String traceId, List<Turn> turns, String stopCondition,
                          JsonNode rewards, Boolean ok, JsonNode errors) {
        /** A verifiers-v0 row. */
        public Rollout(long index, JsonNode exampleId, JsonNode prompt, JsonNode completion, JsonNode answer, double reward,
                       JsonNode metrics) {
            this(index, exampleId, prompt, completion, answer, reward, metrics, null, null, null, null, null, null);
        }
    }

    /** One message of a v1 trace: role, text content, reasoning, the tool's name (tool turns), its tool calls. */
    public record Turn(String role, String content, String reasoning, String name, boolean sampled, List<ToolCall> toolCalls) {
    }

    /** A tool call of a turn with the result the tool answered (null when none was recorded). */
    public record ToolCall(String id, String name, String arguments, String result) {
    }

    /** One page of a run's rollouts ({@code page} counts from 1). */
    public record RolloutPage(long runId, int page, int pages, int pageSize, long total, List<Rollout> rollouts) {
    }
}
