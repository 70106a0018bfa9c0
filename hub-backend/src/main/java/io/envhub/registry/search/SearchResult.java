package io.envhub.registry.search;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.envhub.registry.model.Verdict;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/**
 * One page of search results, with the total and the tag facets of the whole filtered result.
 *
 * @param total environments that match
 * @param page this page's number (1-based)
 * @param size page size
 * @param items this page
 * @param facets counts per tag over all matches
 * @param approximate whether {@code total} and the facets are estimates ("about N"): a very common word ranks only its
 *                    best candidates (see {@link SearchSql#TOP_K_CAP})
 */
public record SearchResult(long total, int page, int size, List<Summary> items, Facets facets, boolean approximate) {
    /**
     * An environment in a list. {@code latestStatus} is the validation status of the latest version,
     * {@code validatedVersion} the newest validated, non-yanked version (null when none) and {@code validatedAt} when it
     * was validated; {@code downloads7d} (downloads over the last 7 days) is set in trending lists only. The verdict's
     * fields ({@code trustStatus}, {@code statusLabel}, {@code runtimeVerified}, {@code trustFlags},
     * {@code statusReason}) are at the top level: those of the validated version, else of the latest version (absent
     * when the environment has neither).
     */
    public record Summary(String owner, String name, String displayName, String summary, List<String> tags,
                          String latestVersion, int starCount, long downloadCount, String visibility,
                          OffsetDateTime updatedAt, String latestStatus, String validatedVersion, OffsetDateTime validatedAt,
                          Long downloads7d, @JsonUnwrapped Verdict verdict) {
    }

    /**
     * Facets of a result: the most common tags, the counts of the task types ({@link SearchRequest#TASKS}), and the count
     * of each verdict ({@code {code: count}}, every code present) over the matches of every filter but status, the
     * counts of the research domains ({@link io.envhub.kit.domain.Domains#ALL}) and of the most common licences.
     */
    public record Facets(List<TagCount> tags, List<TagCount> tasks, Map<String, Long> statuses, List<TagCount> domains,
                         List<TagCount> licenses) {
    }

    /** How many matching environments carry a tag. */
    public record TagCount(String tag, long count) {
    }
}
