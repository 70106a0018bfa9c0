package io.envhub.registry.download;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.persistence.KeptTableRefresh;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Moves trending's window: {@code hub.downloads_recent} (migration V18) keeps each environment's downloads of the last
 * seven days, and a trigger adds every new count to it; once a day (the database's date, UTC) the window has to move
 * on and the sums be recounted. Every instance asks at start and every {@link DownloadConfig#recentRefresh()}; the
 * first to ask after midnight recounts, the others find it done (the window's row serializes them). Until then,
 * trending counts the previous day's window.
 */
@ApplicationScoped
public class RecentDownloads {
    static final String REFRESH = "SELECT hub.refresh_downloads_recent((now() AT TIME ZONE 'UTC')::date)";

    private final KeptTableRefresh refresh;

    public RecentDownloads(AgroalDataSource db) {
        this.refresh = new KeptTableRefresh(db, REFRESH, "trending's window moved to today and its sums were recounted");
    }

    void onStart(@Observes StartupEvent event) {
        refresh();
    }

    @Scheduled(every = "${envhub.downloads.recent-refresh:10s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduledRefresh() {
        refresh();
    }

    /** Moves the window to today when it is not there yet; true when it moved. Never throws: a failure is logged. */
    public boolean refresh() {
        return refresh.run();
    }
}
