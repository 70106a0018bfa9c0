package io.envhub.registry.search;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.persistence.KeptTableRefresh;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Keeps {@code hub.search_docs_top} (migration V20) at about the most downloaded quarter of all environments: download
 * counts only grow, so the rows at or above its threshold grow in number; at start and every
 * {@link SearchConfig#topRefresh()} an instance asks the database to move the threshold back to the quarter mark when
 * the share inside has left a fifth to a third. Several instances may ask at once: the threshold's row serializes them.
 */
@ApplicationScoped
public class TopSearchDocs {
    static final String REFRESH = "SELECT hub.refresh_search_docs_top()";

    private final KeptTableRefresh refresh;

    public TopSearchDocs(AgroalDataSource db) {
        this.refresh = new KeptTableRefresh(db, REFRESH, "the most downloaded quarter of the search documents was re-chosen");
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
        return refresh.run();
    }
}
