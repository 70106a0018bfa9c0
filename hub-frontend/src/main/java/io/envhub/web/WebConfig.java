package io.envhub.web;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the web UI beyond the REST clients. */
@ConfigMapping(prefix = "envhub.web")
public interface WebConfig {
    /** Base URL of bounty-service, whose public API the bounty pages use (ENVHUB_BOUNTY_URL). */
    String bountyUrl();

    /** The short-lived cache of public pages as anonymous visitors see them ({@code io.envhub.web.view.AnonymousPages}). */
    PageCache pageCache();

    /** How long an environment page keeps the bounty awards anonymous visitors see ({@code io.envhub.web.bounty.BountyAwards}). */
    AwardsCache awardsCache();

    /** Settings of the bounty awards kept for anonymous visitors' environment pages. */
    interface AwardsCache {
        /**
         * How long the awards of an environment (its approved bounty submissions), as bounty-service answered them for
         * an anonymous visitor, are used again for that environment's page (ENVHUB_WEB_AWARDS_CACHE_TTL): an approval
         * shows to anonymous visitors at most this late; signed-in visitors always get bounty-service's answer.
         * {@code 0S} turns it off.
         */
        @WithDefault("30S")
        Duration ttl();

        /** Most environments whose awards are kept (least recently used evicted). */
        @WithDefault("10000")
        int maxEntries();
    }

    /** Settings of the anonymous page cache. */
    interface PageCache {
        /**
         * How long a page rendered for an anonymous visitor is served again to other anonymous visitors of the same
         * URL (ENVHUB_WEB_PAGE_CACHE_TTL). A change shows to them at most this late; signed-in users always get a
         * fresh page. {@code 0S} turns the cache off.
         */
        @WithDefault("1S")
        Duration ttl();

        /** Most pages kept (least recently used evicted); a page is 10-40 KB of HTML. */
        @WithDefault("2000")
        int maxEntries();
    }
}
