package io.envhub.registry.index;

/**
 * What {@code /simple/{owner}/{project}/} answers: the hub's own page, or (for a name the owner never published) a
 * redirect to the upstream index's page.
 *
 * @param page the hub's page (rendered), or null
 * @param upstreamUrl the upstream page's absolute URL, or null
 */
public record ProjectAnswer(RenderedProject page, String upstreamUrl) {
    static ProjectAnswer hub(RenderedProject page) {
        return new ProjectAnswer(page, null);
    }

    static ProjectAnswer upstream(String url) {
        return new ProjectAnswer(null, url);
    }
}
