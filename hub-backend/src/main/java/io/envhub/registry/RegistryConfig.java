package io.envhub.registry;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Settings of the registry API. */
@ConfigMapping(prefix = "envhub.registry")
public interface RegistryConfig {
    /**
     * The hub's base URL as clients see it, without a trailing slash (ENVHUB_HUB_URL); used in install snippets,
     * e.g. {@code pip install --index-url <public-url>/simple/<owner>/ <name>}.
     */
    @WithDefault("http://127.0.0.1:8081")
    String publicUrl();

    /**
     * The web hub's base URL as users see it (ENVHUB_WEB_URL), for links the API hands out: emails, the gated
     * download refusal's "request access here".
     */
    @WithDefault("http://127.0.0.1:8080")
    String webUrl();
}
