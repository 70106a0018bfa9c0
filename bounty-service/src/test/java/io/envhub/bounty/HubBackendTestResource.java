package io.envhub.bounty;

import io.envhub.testsupport.HubBackendServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The real hub-backend the bounty service asks about versions: the packaged jar started by {@link HubBackendServer}
 * against its own database and object store. Its URL is also {@code envhub.test.hub-url}, for tests that publish
 * fixtures through its public API.
 */
public class HubBackendTestResource implements QuarkusTestResourceLifecycleManager {
    private final HubBackendServer hub = new HubBackendServer();

    @Override
    public Map<String, String> start() {
        // webhooks: the tests' receivers listen on loopback over plain http; retries come quickly
        String url = hub.start(Map.of("ENVHUB_WEBHOOK_ALLOW_PRIVATE", "true", "ENVHUB_WEBHOOK_RETRY_BASE", "PT1S"),
                "hub-backend-for-bounties.log");
        return Map.of("envhub.bounty.hub-url", url, "envhub.test.hub-url", url);
    }

    @Override
    public void stop() {
        hub.stop();
    }
}
