package io.envhub.registry.download;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How downloads are counted. */
@ConfigMapping(prefix = "envhub.downloads")
public interface DownloadConfig {
    /**
     * One client (a signed-in user, else an IP address) counts at most one download per environment in this window,
     * so that loops cannot inflate download counts and trending; kept in memory per instance. 0 counts every download.
     */
    @WithDefault("PT60S")
    Duration dedupWindow();
}
