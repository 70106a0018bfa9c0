package io.envhub.registry.explore;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the explore endpoint. */
@ConfigMapping(prefix = "envhub.explore")
public interface ExploreConfig {
    /** How long one computed explore answer is served from memory (per backend instance); zero turns the cache off. */
    @WithDefault("PT5S")
    Duration cacheTtl();
}
