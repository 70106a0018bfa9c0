package io.envhub.registry.index;

import io.smallrye.config.ConfigMapping;
import java.util.Optional;

/** Settings of the package index ({@code /simple/}). */
@ConfigMapping(prefix = "envhub.index")
public interface IndexConfig {
    /**
     * Simple API that answers for names an owner does not publish (ENVHUB_UPSTREAM_INDEX, default the public Python
     * package index, {@code https://pypi.org/simple/}); empty or {@code off} turns the fallback off (such names are 404).
     */
    Optional<String> upstream();

    /** The upstream base URL ending in {@code /}, or empty when the fallback is off. */
    default Optional<String> upstreamBase() {
        return upstream().map(String::strip).filter(u -> !u.isEmpty() && !"off".equalsIgnoreCase(u))
                .map(u -> u.endsWith("/") ? u : u + "/");
    }
}
