package io.envhub.validator.worker;

import io.envhub.testsupport.HubBackendServer;
import io.envhub.testsupport.UpstreamIndex;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The real hub-backend (see {@link HubBackendServer}) for the worker's end-to-end test, with a short validation
 * lease and its upstream index fallback pointed at a local {@link UpstreamIndex}, and the validator's worker loop
 * turned on, pointed at it. When the jar is missing (a single-module build),
 * the test is skipped (property {@code envhub.test.hub-missing}).
 */
public class HubBackendProcess implements QuarkusTestResourceLifecycleManager {
    /** A short lease, so that a worker that dies is replaced within seconds (the live workers heartbeat every second). */
    static final int LEASE_SECONDS = 3;

    private final HubBackendServer hub = new HubBackendServer();
    private UpstreamIndex upstream;

    @Override
    public Map<String, String> start() {
        if (!HubBackendServer.available()) {
            return Map.of("envhub.test.hub-missing", HubBackendServer.JAR.toString(), "envhub.validator.worker.enabled", "false");
        }
        upstream = UpstreamIndex.start();
        String url = hub.start(Map.of("ENVHUB_VALIDATION_LEASE", "PT" + LEASE_SECONDS + "S",
                "ENVHUB_UPSTREAM_INDEX", upstream.simpleUrl()), "hub-backend-e2e.log");
        return Map.of("envhub.validator.hub-url", url,
                "envhub.validator.worker.enabled", "true",
                "envhub.validator.worker.poll-interval", "PT0.5S",
                "envhub.validator.worker.heartbeat-interval", "PT1S",
                "envhub.validator.worker-id", "e2e-worker");
    }

    @Override
    public void stop() {
        hub.stop();
        if (upstream != null) {
            upstream.close();
        }
    }
}
