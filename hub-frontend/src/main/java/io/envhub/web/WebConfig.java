package io.envhub.web;

import io.smallrye.config.ConfigMapping;

/** Settings of the web UI beyond the REST clients. */
@ConfigMapping(prefix = "envhub.web")
public interface WebConfig {
    /** Base URL of bounty-service, whose public API the bounty pages use (ENVHUB_BOUNTY_URL). */
    String bountyUrl();
}
