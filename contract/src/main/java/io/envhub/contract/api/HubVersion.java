package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * {@code GET /api/v1/version}: which hub answers and which revision of the API it speaks. A client built against
 * {@link #API_VERSION} warns when a hub answers with a higher {@code apiVersion} (the hub has calls the client does not
 * know yet: time to update it).
 *
 * @param version the hub's build version (e.g. {@code 0.1.0-SNAPSHOT})
 * @param apiVersion the API revision the hub speaks
 * @param maxUploadBytes the largest wheel the hub accepts, in bytes ({@code ENVHUB_MAX_UPLOAD_BYTES}; null from hubs
 *     older than issue 36): the CLI refuses a larger wheel before uploading it
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record HubVersion(String version, int apiVersion, Long maxUploadBytes) {
    /**
     * The API revision of this build. Raised when the API gains calls or fields clients use: 1 the API up to session
     * 14; 2 adds PyPI's upload API, version diffs and trusted publishing.
     */
    public static final int API_VERSION = 2;
}
