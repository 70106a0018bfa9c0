package io.envhub.validator.worker;

import io.envhub.testsupport.HubBackendServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The packaged hub-backend as a process whose session runner is this validator: the validator's HTTP port is chosen
 * here (free now) and handed to both. Small limits so the test can reach them: two open sessions per user, eight
 * resets and steps per user and minute. The hub knows the runner only by a load-balanced address in front of it (as a
 * Kubernetes Service would be); the runner advertises its own, which later calls of each session must use.
 */
public class SessionHubProcess implements QuarkusTestResourceLifecycleManager {
    /** The shared address the hub starts sessions through; static so the test can read what reached it. */
    static LoadBalancerStandIn balancer;
    private final HubBackendServer hub = new HubBackendServer();

    @Override
    public Map<String, String> start() {
        if (!HubBackendServer.available()) {
            return Map.of("envhub.test.hub-missing", HubBackendServer.JAR.toString(), "envhub.validator.worker.enabled", "false");
        }
        balancer = LoadBalancerStandIn.beforeAFreePort();
        String url = hub.start(Map.of("ENVHUB_VALIDATION_LEASE", "PT3S", "ENVHUB_SESSION_RUNNERS", balancer.url(),
                "ENVHUB_SESSION_MAX_PER_USER", "2", "ENVHUB_SESSION_STEPS_PER_MINUTE", "8"),
                "hub-backend-sessions.log");
        return Map.of("envhub.validator.hub-url", url,
                "envhub.validator.sessions.advertise-url", balancer.runnerUrl(),
                "quarkus.http.test-port", Integer.toString(balancer.runnerPort()),
                "envhub.validator.dependency-index", "off",
                "envhub.validator.worker.enabled", "true",
                "envhub.validator.worker.poll-interval", "PT0.5S",
                "envhub.validator.worker.heartbeat-interval", "PT1S",
                "envhub.validator.worker-id", "session-e2e-worker");
    }

    @Override
    public void stop() {
        hub.stop();
        if (balancer != null) {
            balancer.stop();
        }
    }
}
