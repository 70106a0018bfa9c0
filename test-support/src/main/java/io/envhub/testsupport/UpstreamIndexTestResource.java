package io.envhub.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * Starts an {@link UpstreamIndex} for a Quarkus test and points hub-backend's upstream fallback at it
 * ({@code ENVHUB_UPSTREAM_INDEX}). The running index is {@link #index()}.
 */
public class UpstreamIndexTestResource implements QuarkusTestResourceLifecycleManager {
    private static volatile UpstreamIndex running;

    /** The index of the current test run. */
    public static UpstreamIndex index() {
        if (running == null) {
            throw new IllegalStateException("the upstream index fixture is not running");
        }
        return running;
    }

    @Override
    public Map<String, String> start() {
        running = UpstreamIndex.start();
        return Map.of("ENVHUB_UPSTREAM_INDEX", running.simpleUrl());
    }

    @Override
    public void stop() {
        if (running != null) {
            running.close();
            running = null;
        }
    }
}
