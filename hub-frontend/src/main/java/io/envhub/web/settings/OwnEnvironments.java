package io.envhub.web.settings;

import io.envhub.web.hub.SettingsClient;
import io.envhub.web.hub.SettingsClient.OwnEnvironment;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The signed-in user's own environments (theirs and their organisations'), private ones and failed versions included. */
@ApplicationScoped
public class OwnEnvironments {
    private final SettingsClient hub;

    public OwnEnvironments(SettingsClient hub) {
        this.hub = hub;
    }

    /** The user's environments from {@code GET /api/v1/me/environments}; throws {@link ApiProblem.Refused} when refused. */
    public List<OwnEnvironment> of(String bearer) {
        return ApiProblem.call(() -> hub.ownEnvironments(bearer));
    }
}
