package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * An environment's README as published ({@code GET /api/v1/environments/{owner}/{name}/readme}).
 *
 * @param contentType its content type, e.g. {@code text/markdown} ({@code text/plain} when the wheel gave none)
 * @param text the README's text (empty when there is none)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Readme(String contentType, String text) {
}
