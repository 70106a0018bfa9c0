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
                             OffsetDateTime createdAt, String provenance) {
    }

    /** A run in full; {@code hidden}: an admin took it out of the leaderboards ({@code hiddenReason} says why). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RunDetail(RunSummary run, String resultsSha256, long resultsBytes, int pageSize, int pages,
                            JsonNode metadata, boolean hidden, String hiddenReason, OffsetDateTime hiddenAt) {
    }

    /** One stored rollout. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Rollout(long index, JsonNode exampleId, JsonNode prompt, JsonNode completion, JsonNode answer,
                          double reward, JsonNode metrics) {
    }

    /** A page of rollouts. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RolloutPage(long runId, int page, int pages, int pageSize, long total, List<Rollout> rollouts) {
    }
}
