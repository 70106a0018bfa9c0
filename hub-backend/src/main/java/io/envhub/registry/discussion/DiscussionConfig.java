package io.envhub.registry.discussion;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Discussions. */
@ConfigMapping(prefix = "envhub.discussions")
public interface DiscussionConfig {
    /** bounty-service's base URL (ENVHUB_BOUNTY_URL): its public API says whether a bounty is public and who sponsors it. */
    @WithDefault("http://127.0.0.1:8082")
    String bountyUrl();
}
