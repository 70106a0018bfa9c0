package io.envhub.web.evaluation;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.List;

/** The evaluation API's answers, as the pages read them. */
public final class EvalViews {
    private EvalViews() {
    }

    /** A run's summary. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RunSummary(long id, String owner, String name, String version, boolean versionYanked, String model,
                             String provider, JsonNode samplingArgs, int numExamples, int rolloutsPerExample,
                             int numRollouts, double avgReward, double rewardStd, JsonNode avgMetrics, JsonNode passAtK,
                             Long costMicroUsd, String evalDate, Long durationMs, String submitter,
                             OffsetDateTime createdAt, String provenance, String format) {
        /** Whether the run is a verifiers v1 run directory (episodes of traces). */
        public boolean v1() {
            return "verifiers-v1".equals(format);
        }
    }

    /** A run in full; {@code hidden}: an admin took it out of the leaderboards ({@code hiddenReason} says why). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RunDetail(RunSummary run, String resultsSha256, long resultsBytes, int pageSize, int pages,
                            JsonNode metadata, boolean hidden, String hiddenReason, OffsetDateTime hiddenAt) {
    }

    /** One stored rollout; a v1 run's (one trace) also has its turns, stop condition, rewards per function, errors. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Rollout(long index, JsonNode exampleId, JsonNode prompt, JsonNode completion, JsonNode answer,
                          double reward, JsonNode metrics, String traceId, List<Turn> turns, String stopCondition,
                          JsonNode rewards, Boolean ok, JsonNode errors) {
    }

    /** One message of a v1 trace. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Turn(String role, String content, String reasoning, String name, boolean sampled, List<ToolCall> toolCalls) {
    }

    /** A tool call with the tool's result. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ToolCall(String id, String name, String arguments, String result) {
    }

    /** A page of rollouts. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RolloutPage(long runId, int page, int pages, int pageSize, long total, List<Rollout> rollouts) {
    }
}
