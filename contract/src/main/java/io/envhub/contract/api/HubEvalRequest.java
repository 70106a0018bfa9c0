package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Map;

/**
 * Starts a hub-run evaluation ({@code POST /api/v1/environments/{owner}/{name}/versions/{version}/evals/runs}): the
 * hub runs the version in its sandbox and calls this OpenAI-compatible endpoint for every rollout.
 *
 * @param baseUrl the endpoint's base URL, e.g. {@code https://api.example.com/v1} ({@code /chat/completions} is added);
 *     its host must be allowed by the operator ({@code ENVHUB_EVAL_ALLOWED_HOSTS})
 * @param model the model name sent with every request
 * @param apiKey the endpoint's API key, sent as {@code Authorization: Bearer}; held in memory for the run only,
 *     never stored, logged or shown (null for an endpoint without one)
 * @param examples how many of the environment's tasks (the first N), default 5
 * @param rolloutsPerExample rollouts of each task, default 1
 * @param sampling sampling arguments passed to the endpoint as they are (temperature, top_p, max_tokens, seed, ...)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record HubEvalRequest(String baseUrl, String model, String apiKey, Integer examples, Integer rolloutsPerExample,
                             Map<String, Object> sampling) {

    /** Never prints the key. */
    @Override
    public String toString() {
        return "HubEvalRequest[baseUrl=" + baseUrl + ", model=" + model + ", apiKey=" + (apiKey == null ? "none" : "(hidden)")
                + ", examples=" + examples + ", rolloutsPerExample=" + rolloutsPerExample + ", sampling=" + sampling + "]";
    }
}
