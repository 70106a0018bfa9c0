package io.envhub.web.settings;

import io.envhub.web.hub.HubSettingsApi;
import io.envhub.web.hub.HubSettingsApi.OwnEnvironment;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/** The signed-in user's own environments (theirs and their organisations'), private ones and failed versions included. */
@ApplicationScoped
public class OwnEnvironments {
    private final HubSettingsApi hub;

    public OwnEnvironments(@RestClient HubSettingsApi hub) {
        this.hub = hub;
    }

    /** The user's environments from {@code GET /api/v1/me/environments}; throws {@link ApiProblem.Refused} when refused. */
    public List<OwnEnvironment> of(String bearer) {
        return ApiProblem.call(() -> hub.ownEnvironments(bearer));
    }
}
