package io.envhub.registry.page;

import io.envhub.registry.download.DownloadService.DayCount;
import io.envhub.registry.environment.EnvironmentViews.Detail;
import io.envhub.registry.environment.EnvironmentViews.Readme;
import io.envhub.registry.version.VersionViews.Summary;
import java.util.List;

/**
 * Everything an environment's web page shows from the hub, in one answer.
 *
 * @param environment what {@code GET /api/v1/environments/{owner}/{name}} answers
 * @param readme what {@code .../readme} answers
 * @param versions what {@code .../versions} answers
 * @param downloads what {@code .../downloads?days=N} answers
 */
public record EnvironmentPage(Detail environment, Readme readme, List<Summary> versions, List<DayCount> downloads) {
}
