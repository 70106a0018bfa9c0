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
    private SilentSessionRunner runner;

    @Override
    public Map<String, String> start() {
        runner = new SilentSessionRunner();
        // the page tests push a few dozen environments as alice within a minute: the push rate limit is not under test here;
        // hub-run evaluations (issue 33) may call a loopback endpoint, and their sandbox never answers (SilentSessionRunner)
        String url = hub.start(Map.of("ENVHUB_RATE_PUSHES_PER_USER", "1000", "ENVHUB_RATE_PUSHES_PER_IP", "1000",
                        "ENVHUB_WEBHOOK_ALLOW_PRIVATE", "true", "ENVHUB_WEBHOOK_RETRY_BASE", "PT1S",
                        "ENVHUB_EVAL_ALLOW_LOOPBACK", "true", "ENVHUB_EVAL_HUB_RUNS_PER_USER", "20",
                        "ENVHUB_SESSION_RUNNERS", runner.url()),
                "hub-backend-for-pages.log");
        Map<String, String> db = hub.database();
        return Map.of("quarkus.rest-client.hub-api.url", url, "envhub.test.hub-url", url,
                "envhub.test.hub-db-url", db.get("ENVHUB_DB_URL"), "envhub.test.hub-db-user", db.get("ENVHUB_DB_USER"),
                "envhub.test.hub-log", hub.log().toString());
    }

    @Override
    public void stop() {
        hub.stop();
        if (runner != null) {
            runner.close();
        }
    }
}
