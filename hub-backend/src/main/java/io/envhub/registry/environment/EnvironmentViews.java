package io.envhub.registry.environment;

import java.util.List;

/**
 * JSON shapes of the environment endpoints that only hub-backend reads and writes; the page data is the contract's
 * {@link io.envhub.contract.api.EnvironmentDetail}.
 */
public final class EnvironmentViews {
    private EnvironmentViews() {
    }

    /** The README as published. */
    public record Readme(String contentType, String text) {
    }

    /** A settings change; absent (null) fields stay as they are. */
    public record SettingsPatch(String summary, String visibility, List<String> tags) {
    }
}
