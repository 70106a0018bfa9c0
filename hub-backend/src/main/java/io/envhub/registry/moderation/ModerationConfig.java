package io.envhub.registry.moderation;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Moderation settings ({@code envhub.moderation.*}). */
@ConfigMapping(prefix = "envhub.moderation")
public interface ModerationConfig {
    /** Hold the first publication of a new account for review (quarantined until an admin lifts it); off by default. */
    @WithDefault("false")
    boolean holdFirstPublication();

    /** How long first publications of new accounts stay in the review queue (held ones stay until lifted). */
    @WithDefault("P14D")
    Duration firstPublicationWindow();
}
