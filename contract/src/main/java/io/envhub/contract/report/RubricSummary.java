package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * The rubric's reward functions.
 *
 * @param functions each function with its weight
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RubricSummary(List<RewardFunction> functions) {

    /**
     * One reward function.
     *
     * @param name Python name
     * @param weight weight in the rubric
     * @param async whether it is a coroutine function
     * @param completionFormat {@code chat} (a list of messages) or {@code string}: what it accepted, or null
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RewardFunction(String name, double weight, boolean async, String completionFormat) {
    }
}
