package io.envhub.registry.download;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How downloads are counted and redirected. */
@ConfigMapping(prefix = "envhub.downloads")
public interface DownloadConfig {
    /**
     * One client (a signed-in user, else an IP address) counts at most one download per environment in this window,
     * so that loops cannot inflate download counts and trending; shared by all instances (hub.download_clients, written
     * by the batched flush). 0 counts every download.
     */
    @WithDefault("PT60S")
    Duration dedupWindow();

    /**
     * How often the counts kept in memory are written to the database (one statement per flush); a crash loses at most
     * the counts of this interval (ENVHUB_DOWNLOAD_FLUSH_INTERVAL).
     */
    @WithDefault("1s")
    String flushInterval();

    /** A flush also runs as soon as this many downloads are waiting (ENVHUB_DOWNLOAD_FLUSH_AT); 1 writes every download at once. */
    @WithDefault("1000")
    int flushAt();

    /**
     * How often an instance checks whether trending's seven-day window has to move on (after midnight UTC) and then
     * recounts it; for that long after midnight trending still counts the day before's window
     * (ENVHUB_DOWNLOADS_RECENT_REFRESH).
     */
    @WithDefault("10s")
    String recentRefresh();

    /**
     * A presigned URL of an object is reused for its lifetime minus this margin, so a burst of installs costs one
     * signature and every client still gets a URL valid for at least the margin (ENVHUB_PRESIGN_REUSE_MARGIN; 0 signs
     * every request).
     */
    @WithDefault("PT60S")
    Duration presignReuseMargin();
}
