package io.envhub.validator.worker;

import io.envhub.stack.Http;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The real hub-backend for an end-to-end test: its packaged jar ({@code hub-backend/target/quarkus-app}, built by
 * {@code mvn package -pl hub-backend}) started as a process against a fresh test database, S3Proxy and the test
 * Keycloak. When the jar is missing, the test is skipped (property {@code envhub.test.hub-missing}). Also turns the
 * validator's worker loop on, pointed at that hub,
 * with a short lease.
 */
public class HubBackendProcess implements QuarkusTestResourceLifecycleManager {
    static final Path JAR = Path.of("..", "hub-backend", "target", "quarkus-app", "quarkus-run.jar").toAbsolutePath().normalize();

    /** A short lease, so that a worker that dies is replaced within seconds (the live workers heartbeat every second). */
    static final int LEASE_SECONDS = 3;

    private final PostgresTestResource db = new PostgresTestResource();
    private final S3ProxyTestResource s3 = new S3ProxyTestResource();
    private Process hub;

    @Override
    public Map<String, String> start() {
        if (!Files.isRegularFile(JAR)) {
            return Map.of("envhub.test.hub-missing", JAR.toString(), "envhub.validator.worker.enabled", "false");
        }
        try {
            Map<String, String> env = new HashMap<>(db.start());
            env.putAll(s3.start());
            env.remove("envhub.test.s3-dir");
            int port = freePort();
            String url = "http://127.0.0.1:" + port;
            env.put("ENVHUB_KEYCLOAK_URL", KeycloakTestResource.baseUrl());
            env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
            env.put("ENVHUB_HUB_URL", url);
            env.put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false");
            env.put("ENVHUB_VALIDATION_LEASE", "PT" + LEASE_SECONDS + "S");
            ProcessBuilder pb = new ProcessBuilder("java", "-Xmx384m", "-jar", JAR.toString());
            pb.environment().putAll(env);
            Path log = Path.of("target", "hub-backend-e2e.log").toAbsolutePath();
            pb.redirectErrorStream(true).redirectOutput(log.toFile());
            hub = pb.start();
            if (!Http.awaitOk(url + "/q/health/ready", Duration.ofSeconds(120), hub::isAlive)) {
                throw new IllegalStateException("hub-backend did not become ready; see " + log);
            }
            return Map.of("envhub.validator.hub-url", url,
                    "envhub.validator.worker.enabled", "true",
                    "envhub.validator.worker.poll-interval", "PT0.5S",
                    "envhub.validator.worker.heartbeat-interval", "PT1S",
                    "envhub.validator.worker-id", "e2e-worker");
        } catch (IOException e) {
            stop();
            throw new IllegalStateException("cannot start hub-backend: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void stop() {
        if (hub != null) {
            hub.destroy();
            try {
                if (!hub.waitFor(20, java.util.concurrent.TimeUnit.SECONDS)) {
                    hub.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            hub = null;
        }
        s3.stop();
        db.stop();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
