package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * The home page's data ({@code GET /api/v1/explore}): hub-wide counts and three short lists of public environments.
 *
 * @param counts hub-wide counts over public environments
 * @param trending the most downloaded over the last 7 days (with {@code downloads7d})
 * @param recentlyUpdated the most recently changed
 * @param newestValidated the most recently validated (with {@code validatedAt})
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Explore(Counts counts, List<EnvironmentSummary> trending, List<EnvironmentSummary> recentlyUpdated,
                      List<EnvironmentSummary> newestValidated) {

    /**
     * Hub-wide counts over public, listed environments.
     *
     * @param environments environments
     * @param validatedEnvironments environments with a version that passed in the sandbox
     * @param versions versions
     * @param downloads downloads, all time
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Counts(long environments, long validatedEnvironments, long versions, long downloads) {
    }
}
