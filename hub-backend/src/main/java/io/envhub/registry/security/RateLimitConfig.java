package io.envhub.registry.security;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Per-user and per-IP limits on actions that cost the hub something (kept in PostgreSQL, shared by all instances). */
@ConfigMapping(prefix = "envhub.rate-limits")
public interface RateLimitConfig {
    /** Pushes (new versions, by any route). */
    Limit pushes();

    /** Personal access token creations. */
    Limit tokens();

    /** Organisation creations. */
    Limit orgs();

    /** Discussion threads and comments (new and edited). */
    Limit comments();

    /** One limit: at most {@code perUser} and {@code perIp} actions in each {@code window}. */
    interface Limit {
        /** Actions one signed-in user may take per window. */
        @WithDefault("30")
        int perUser();

        /** Actions one client address may take per window (all users behind it together). */
        @WithDefault("120")
        int perIp();

        /** The window length. */
        @WithDefault("PT1M")
        Duration window();
    }
}
