package io.envhub.registry.event;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** The event dispatcher. */
@ConfigMapping(prefix = "envhub.events")
public interface EventConfig {
    /** How often the dispatcher looks for new events (a scheduler period, e.g. {@code 1s}). */
    @WithDefault("1s")
    String dispatchEvery();

    /** Most events one dispatcher round takes (each in a transaction of its own). */
    @WithDefault("100")
    int batch();

    /** Attempts of an event whose consumers keep failing before it is set aside with its error. */
    @WithDefault("8")
    int maxAttempts();
}
