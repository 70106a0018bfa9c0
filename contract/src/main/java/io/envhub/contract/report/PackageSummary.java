package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The validated file ({@code package} in a {@link ValidationReport}).
 *
 * @param fileName name of the file given
 * @param sha256 hex sha256 of the file
 * @param sizeBytes file size
 * @param name project name from METADATA, or null when the archive was refused
 * @param version version from METADATA, or null
 * @param module import name of the environment module, or null
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PackageSummary(String fileName, String sha256, long sizeBytes, String name, String version, String module) {
}
