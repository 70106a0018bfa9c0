package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A link a version's core metadata declares ({@code Project-URL} or {@code Home-page}), http(s) only.
 *
 * @param label the label as written ({@code Homepage} for {@code Home-page})
 * @param kind {@code source}, {@code paper}, {@code homepage}, {@code documentation} or {@code other}
 * @param url the URL
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ProjectLink(String label, String kind, String url) {
}
