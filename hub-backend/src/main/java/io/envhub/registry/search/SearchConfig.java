package io.envhub.registry.search;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** How the search's kept structures are looked after. */
@ConfigMapping(prefix = "envhub.search")
public interface SearchConfig {
    /**
     * How often an instance checks that {@code hub.search_docs_top} (migration V20) still holds about the most downloaded
     * quarter of all environments, and moves its threshold back to the quarter mark when the share has left a fifth to
     * a third (ENVHUB_SEARCH_TOP_REFRESH). Searches are exact whatever the share; it only keeps common words fast.
     */
    @WithDefault("60s")
    String topRefresh();
}
