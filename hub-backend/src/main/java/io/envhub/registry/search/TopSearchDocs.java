package io.envhub.registry.search;

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
 * Keeps {@code hub.search_docs_top} (migration V20) at about the most downloaded quarter of all environments: download
 * counts only grow, so the rows at or above its threshold grow in number; at start and every
 * {@link SearchConfig#topRefresh()} an instance asks the database to move the threshold back to the quarter mark when
 * the share inside has left a fifth to a third. Several instances may ask at once: the threshold's row serializes them.
 */
@ApplicationScoped
public class TopSearchDocs {
    private static final Logger LOG = Logger.getLogger(TopSearchDocs.class);
    static final String REFRESH = "SELECT hub.refresh_search_docs_top()";

    private final AgroalDataSource db;

    public TopSearchDocs(AgroalDataSource db) {
        this.db = db;
    }

    void onStart(@Observes StartupEvent event) {
        refresh();
    }

    @Scheduled(every = "${envhub.search.top-refresh:60s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduledRefresh() {
        refresh();
    }

    /** Moves the threshold when the share inside is out of bounds; true when it moved. Never throws: a failure is logged. */
    public boolean refresh() {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(REFRESH);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            boolean moved = rs.getBoolean(1);
            if (moved) {
                LOG.info("the most downloaded quarter of the search documents was re-chosen");
            }
            return moved;
        } catch (SQLException e) {
            LOG.warnf("could not re-choose the most downloaded quarter of the search documents: %s", e.getMessage());
            return false;
        }
    }
}
