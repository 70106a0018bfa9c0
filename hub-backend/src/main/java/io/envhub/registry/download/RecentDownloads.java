package io.envhub.registry.download;

import io.agroal.api.AgroalDataSource;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jboss.logging.Logger;

/**
 * Moves trending's window: {@code hub.downloads_recent} (migration V18) keeps each environment's downloads of the last
 * seven days, and a trigger adds every new count to it; once a day (the database's date, UTC) the window has to move
 * on and the sums be recounted. Every instance asks at start and every {@link DownloadConfig#recentRefresh()}; the
 * first to ask after midnight recounts, the others find it done (the window's row serializes them). Until then,
 * trending counts the previous day's window.
 */
@ApplicationScoped
public class RecentDownloads {
    private static final Logger LOG = Logger.getLogger(RecentDownloads.class);
    static final String REFRESH = "SELECT hub.refresh_downloads_recent((now() AT TIME ZONE 'UTC')::date)";

    private final AgroalDataSource db;

    public RecentDownloads(AgroalDataSource db) {
        this.db = db;
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
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(REFRESH);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            boolean moved = rs.getBoolean(1);
            if (moved) {
                LOG.info("trending window moved to today: recent downloads recounted");
            }
            return moved;
        } catch (SQLException e) {
            LOG.warnf("could not move trending's window: %s", e.getMessage());
            return false;
        }
    }
}
