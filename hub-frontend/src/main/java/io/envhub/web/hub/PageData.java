package io.envhub.web.hub;

import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.VersionSummary;
import io.envhub.web.hub.HubViews.DayCount;
import io.envhub.web.hub.HubViews.Readme;
import java.util.List;

/**
 * An environment page's data from hub-backend's composite call ({@code GET .../page?days=N}): what the environment,
 * readme, versions and downloads calls answer, in one answer.
 */
public record PageData(EnvironmentDetail environment, Readme readme, List<VersionSummary> versions,
                       List<DayCount> downloads) {
}
