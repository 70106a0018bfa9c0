package io.envhub.registry.token;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Lifetimes of personal access tokens. */
@ConfigMapping(prefix = "envhub.tokens")
public interface TokenConfig {
    /** Lifetime, in days, of a token created without {@code expiresInDays}. */
    @WithDefault("90")
    int defaultLifetimeDays();

    /** Longest lifetime, in days, a token may be created with; longer requests are refused (400 invalid-expiry). */
    @WithDefault("365")
    int maxLifetimeDays();
}
