package io.envhub.web.home;

import io.envhub.web.hub.HubApi;
import io.envhub.web.hub.HubViews.Counts;
import io.envhub.web.hub.HubViews.Explore;
import io.envhub.web.hub.HubViews.SearchResult;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * The home page's data: {@code GET /api/v1/explore}. Temporary fallback while a backend lacks that endpoint (404):
 * the same lists from search calls (the lead removes it once every backend has explore).
 */
@ApplicationScoped
public class ExploreSource {
    static final int LIST_SIZE = 6;

    private final HubApi hub;

    public ExploreSource(@RestClient HubApi hub) {
        this.hub = hub;
    }

    /** What the home page shows; anonymous view (public environments only), like the explore endpoint. */
    public Explore explore() {
        try {
            return hub.explore(null);
        } catch (WebApplicationException e) {
            if (e.getResponse() == null || e.getResponse().getStatus() != 404) {
                throw e;
            }
            return fromSearch();
        }
    }

    private Explore fromSearch() {
        SearchResult byDownloads = search(null, "downloads");
        SearchResult recent = search(null, "recent");
        SearchResult validated = search("true", "recent");
        Counts counts = new Counts(byDownloads.total(), validated.total(), null, null);
        return new Explore(counts, byDownloads.items(), recent.items(), validated.items());
    }

    private SearchResult search(String validated, String sort) {
        return hub.search(null, null, List.of(), null, validated, null, sort, null, LIST_SIZE);
    }
}
