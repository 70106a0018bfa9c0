package io.envhub.registry.environment;

import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of the environment endpoints. */
public final class EnvironmentViews {
    private EnvironmentViews() {
    }

    /** An environment's page data. */
    public record Detail(String owner, String name, String displayName, String summary, List<String> tags, String license,
                         String visibility, String latestVersion, String latestStatus, int starCount, long downloadCount,
                         boolean starredByMe, OffsetDateTime createdAt, OffsetDateTime updatedAt, Install install) {
    }

    /** How to install it. */
    public record Install(String pip, String envhub) {
    }

    /** The README as published. */
    public record Readme(String contentType, String text) {
    }

    /** A settings change; absent (null) fields stay as they are. */
    public record SettingsPatch(String summary, String visibility, List<String> tags) {
    }
}
