package io.envhub.registry.search;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * One page of search results, with the total and the tag facets of the whole filtered result.
 *
 * @param total environments that match
 * @param page this page's number (1-based)
 * @param size page size
 * @param items this page
 * @param facets counts per tag over all matches
 */
public record SearchResult(long total, int page, int size, List<Summary> items, Facets facets) {
    /** An environment in a list. */
    public record Summary(String owner, String name, String displayName, String summary, List<String> tags,
                          String latestVersion, int starCount, long downloadCount, String visibility,
                          OffsetDateTime updatedAt) {
    }

    /** Facets of a result. */
    public record Facets(List<TagCount> tags) {
    }

    /** How many matching environments carry a tag. */
    public record TagCount(String tag, long count) {
    }
}
