package io.envhub.validator.worker;

import io.envhub.testsupport.HubBackendServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The packaged hub-backend as a process for hub-run evaluations: this validator is its session runner (the port is
 * chosen here and handed to both), loopback model endpoints are allowed (the test's scripted model server), one
 * hub-run evaluation per user at a time. The test reaches the process through {@link #HUB} (restart, log, database).
 * As in {@link SessionHubProcess}, the hub knows the runner only by a load-balanced address ({@link #BALANCER}); the
 * runner advertises its own, where each evaluation's session calls must go.
 */
public class EvalHubProcess implements QuarkusTestResourceLifecycleManager {
    static volatile HubBackendServer HUB;
    static volatile LoadBalancerStandIn BALANCER;

    private final HubBackendServer hub = new HubBackendServer();

    @Override
    public Map<String, String> start() {
        if (!HubBackendServer.available()) {
            return Map.of("envhub.test.hub-missing", HubBackendServer.JAR.toString(), "envhub.validator.worker.enabled", "false");
        }
        BALANCER = LoadBalancerStandIn.beforeAFreePort();
        String url = hub.start(Map.of("ENVHUB_VALIDATION_LEASE", "PT3S", "ENVHUB_SESSION_RUNNERS", BALANCER.url(),
                "ENVHUB_EVAL_ALLOW_LOOPBACK", "true", "ENVHUB_EVAL_HUB_RUNS_PER_USER", "1",
                "ENVHUB_EVAL_ALLOWED_HOSTS", "models.allowed.test"), "hub-backend-evals.log");
        HUB = hub;
        return Map.of("envhub.validator.hub-url", url,
                "envhub.validator.sessions.advertise-url", BALANCER.runnerUrl(),
                "quarkus.http.test-port", Integer.toString(BALANCER.runnerPort()),
                "envhub.validator.dependency-index", "off",
                "envhub.validator.worker.enabled", "true",
                "envhub.validator.worker.poll-interval", "PT0.5S",
                "envhub.validator.worker.heartbeat-interval", "PT1S",
                "envhub.validator.worker-id", "eval-e2e-worker");
    }

    @Override
    public void stop() {
        hub.stop();
        HUB = null;
        if (BALANCER != null) {
            BALANCER.stop();
        }
    }
}
