package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * An environment page's data in one answer ({@code GET /api/v1/environments/{owner}/{name}/page?days=N}): what the
 * environment, readme, versions and downloads calls answer.
 *
 * @param environment the environment
 * @param readme its README
 * @param versions its versions, newest first
 * @param downloads downloads per day over the last {@code days} days, oldest first
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record EnvironmentPage(EnvironmentDetail environment, Readme readme, List<VersionSummary> versions,
                              List<DayCount> downloads) {
}
