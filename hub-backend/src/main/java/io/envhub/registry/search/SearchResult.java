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
    /**
     * An environment in a list. {@code latestStatus} is the validation status of the latest version,
     * {@code validatedVersion} the newest validated, non-yanked version (null when none) and {@code validatedAt} when it
     * was validated; {@code downloads7d} (downloads over the last 7 days) is set in trending lists only.
     */
    public record Summary(String owner, String name, String displayName, String summary, List<String> tags,
                          String latestVersion, int starCount, long downloadCount, String visibility,
                          OffsetDateTime updatedAt, String latestStatus, String validatedVersion, OffsetDateTime validatedAt,
                          Long downloads7d) {
    }

    /** Facets of a result: the most common tags, and the counts of the task types ({@link SearchRequest#TASKS}). */
    public record Facets(List<TagCount> tags, List<TagCount> tasks) {
    }

    /** How many matching environments carry a tag. */
    public record TagCount(String tag, long count) {
    }
}
