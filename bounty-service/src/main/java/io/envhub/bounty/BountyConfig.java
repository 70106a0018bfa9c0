package io.envhub.bounty;

import io.smallrye.config.ConfigMapping;

/** Settings of the bounty service. */
@ConfigMapping(prefix = "envhub.bounty")
public interface BountyConfig {
    /** Base URL of hub-backend, asked whether a submitted version is validated (ENVHUB_BACKEND_URL). */
    String hubUrl();

    /** Applications pending longer than this many days appear in the admins' review queue (ENVHUB_BOUNTY_APPLICATION_REVIEW_DAYS). */
    @io.smallrye.config.WithDefault("3")
    int applicationReviewDays();
}
