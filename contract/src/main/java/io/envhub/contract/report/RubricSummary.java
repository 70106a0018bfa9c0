package io.envhub.contract.report;

import java.util.List;

/**
 * The rubric's reward functions.
 *
 * @param functions each function with its weight
 */
public record RubricSummary(List<RewardFunction> functions) {

    /**
     * One reward function.
     *
     * @param name Python name
     * @param weight weight in the rubric
     * @param async whether it is a coroutine function
     * @param completionFormat {@code chat} (a list of messages) or {@code string}: what it accepted, or null
     */
    public record RewardFunction(String name, double weight, boolean async, String completionFormat) {
    }
}
