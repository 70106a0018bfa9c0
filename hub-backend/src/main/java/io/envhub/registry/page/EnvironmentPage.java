package io.envhub.registry.page;

import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.VersionSummary;
import io.envhub.registry.download.DownloadService.DayCount;
import io.envhub.registry.environment.EnvironmentViews.Readme;
import java.util.List;

/**
 * Everything an environment's web page shows from the hub, in one answer.
 *
 * @param environment what {@code GET /api/v1/environments/{owner}/{name}} answers
 * @param readme what {@code .../readme} answers
 * @param versions what {@code .../versions} answers
 * @param downloads what {@code .../downloads?days=N} answers
 */
public record EnvironmentPage(EnvironmentDetail environment, Readme readme, List<VersionSummary> versions, List<DayCount> downloads) {
}
