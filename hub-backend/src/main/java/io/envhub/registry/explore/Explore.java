package io.envhub.registry.explore;

import io.envhub.contract.api.EnvironmentSummary;
import java.util.List;

/**
 * What the home page shows: hub-wide counts and three short lists, all over public environments only.
 *
 * @param counts public environments, those with a validated version, their versions and their downloads
 * @param trending most downloaded over the last 7 days (items carry {@code downloads7d})
 * @param recentlyUpdated most recently updated
 * @param newestValidated most recently validated (items carry {@code validatedAt})
 */
public record Explore(Counts counts, List<EnvironmentSummary> trending, List<EnvironmentSummary> recentlyUpdated,
                      List<EnvironmentSummary> newestValidated) {
    /** Hub-wide counts over public environments. */
    public record Counts(long environments, long validatedEnvironments, long versions, long downloads) {
    }
}
