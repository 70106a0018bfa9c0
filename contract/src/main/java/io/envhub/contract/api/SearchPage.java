package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;
import java.util.Map;

/**
 * One page of search results ({@code GET /api/v1/environments}), with the total and the facets of the whole filtered
 * result.
 *
 * @param total environments that match
 * @param page this page's number (1-based)
 * @param size page size
 * @param items this page
 * @param facets counts over all matches
 * @param approximate whether {@code total} and the facets are estimates ("about N"): a very common word ranks only its
 *     best candidates
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SearchPage(long total, int page, int size, List<EnvironmentSummary> items, Facets facets,
                         boolean approximate) {

    /**
     * Facets of a result, over the matches of every filter but the one the facet is about.
     *
     * @param tags the most common tags
     * @param tasks the count of each task type ({@link io.envhub.contract.TaskType})
     * @param statuses the count of each verdict code ({@code {code: count}}, every code present)
     * @param domains the count of each research domain
     * @param licenses the most common licences
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Facets(List<TagCount> tags, List<TagCount> tasks, Map<String, Long> statuses, List<TagCount> domains,
                         List<TagCount> licenses) {
    }

    /**
     * How many matching environments carry a tag (or a task type, domain, licence).
     *
     * @param tag the tag
     * @param count matching environments
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TagCount(String tag, long count) {
    }
}
