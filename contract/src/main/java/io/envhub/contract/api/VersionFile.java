package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A file inside a version's wheel ({@code GET /api/v1/environments/{owner}/{name}/versions/{version}/files}).
 *
 * @param path the path inside the wheel
 * @param size its size in bytes
 * @param sha256 its sha256 (hex)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VersionFile(String path, long size, String sha256) {
}
