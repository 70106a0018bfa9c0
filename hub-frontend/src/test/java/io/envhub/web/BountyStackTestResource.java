package io.envhub.web;

import io.envhub.stack.Http;
import io.envhub.testsupport.HubBackendServer;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.RepoPaths;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The real bounty-service behind the pages under test, with the real hub-backend it asks about users and versions: both
 * packaged jars ({@code bounty-service/target/quarkus-app}, {@code hub-backend/target/quarkus-app}, built earlier in the
 * reactor) started as processes, each on a fresh database, against the test Keycloak. The frontend's clients point at
 * them ({@code envhub.web.bounty-url}, {@code quarkus.rest-client.hub-api.url}).
 */
public class BountyStackTestResource implements QuarkusTestResourceLifecycleManager {
    private static final Path JAR = RepoPaths.root().resolve("bounty-service/target/quarkus-app/quarkus-run.jar");

    private final HubBackendServer hub = new HubBackendServer();
    private final PostgresTestResource db = new PostgresTestResource();
    private Process bounty;

    @Override
    public Map<String, String> start() {
        if (!Files.isRegularFile(JAR)) {
            throw new IllegalStateException("bounty-service is not packaged: " + JAR + " (run the reactor build)");
        }
        String hubUrl = hub.start(Map.of(), "hub-backend-for-bounty-pages.log");
        try {
            int port;
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
            String url = "http://127.0.0.1:" + port;
            Map<String, String> env = new HashMap<>(db.start());
            env.put("ENVHUB_KEYCLOAK_URL", KeycloakTestResource.baseUrl());
            env.put("ENVHUB_BACKEND_URL", hubUrl);
            env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
            env.put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false");
            env.put("ENVHUB_PAYOUT_WORKER_ENABLED", "false");
            Path log = Path.of("target", "bounty-service-for-pages.log").toAbsolutePath();
            ProcessBuilder pb = new ProcessBuilder("java", "-Xmx256m", "-jar", JAR.toString());
            pb.environment().putAll(env);
            bounty = pb.redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!Http.awaitOk(url + "/q/health/ready", Duration.ofSeconds(240), bounty::isAlive)) {
                throw new IllegalStateException("bounty-service did not become ready; see " + log);
            }
            return Map.of("envhub.web.bounty-url", url, "quarkus.rest-client.hub-api.url", hubUrl,
                    "envhub.test.hub-url", hubUrl);
        } catch (IOException e) {
            stop();
            throw new IllegalStateException("cannot start bounty-service: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void stop() {
        if (bounty != null) {
            bounty.destroy();
            try {
                if (!bounty.waitFor(20, TimeUnit.SECONDS)) {
                    bounty.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            bounty = null;
        }
        db.stop();
        hub.stop();
    }
}
