package io.envhub.web;

import io.envhub.testsupport.HubBackendServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The real hub-backend behind the pages under test: the packaged jar started by {@link HubBackendServer} against a
 * fresh database and object store; the frontend's REST client points at it. Its URL is also
 * {@code envhub.test.hub-url}, for tests that push fixtures through the public API.
 */
public class HubBackendTestResource implements QuarkusTestResourceLifecycleManager {
    private final HubBackendServer hub = new HubBackendServer();

    @Override
    public Map<String, String> start() {
        // the page tests push a few dozen environments as alice within a minute: the push rate limit is not under test here
        String url = hub.start(Map.of("ENVHUB_RATE_PUSHES_PER_USER", "1000", "ENVHUB_RATE_PUSHES_PER_IP", "1000",
                        "ENVHUB_WEBHOOK_ALLOW_PRIVATE", "true", "ENVHUB_WEBHOOK_RETRY_BASE", "PT1S"),
                "hub-backend-for-pages.log");
        return Map.of("quarkus.rest-client.hub-api.url", url, "envhub.test.hub-url", url);
    }

    @Override
    public void stop() {
        hub.stop();
    }
}
