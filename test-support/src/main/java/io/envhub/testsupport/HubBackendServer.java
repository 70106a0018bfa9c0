package io.envhub.testsupport;

import io.envhub.stack.Http;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The real hub-backend for an end-to-end test of another module: its packaged jar
 * ({@code hub-backend/target/quarkus-app}, built earlier in the reactor) started as a process against a fresh test
 * database, S3Proxy and the test Keycloak, on a free port. Modules that use it declare hub-backend as a
 * {@code pom}-type test dependency so that the reactor builds it first.
 */
public final class HubBackendServer {
    /** The packaged application. */
    public static final Path JAR = RepoPaths.root().resolve("hub-backend/target/quarkus-app/quarkus-run.jar");

    private final PostgresTestResource db = new PostgresTestResource();
    private final S3ProxyTestResource s3 = new S3ProxyTestResource();
    private Process hub;
    private String url;
    private Map<String, String> env;
    private Path log;

    /** Whether the packaged jar exists (it does in a reactor build that reached this module). */
    public static boolean available() {
        return Files.isRegularFile(JAR);
    }

    /**
     * Starts the backend and waits until it is ready.
     *
     * @param extraEnv environment variables added to (or overriding) the defaults, e.g. a short validation lease
     * @param logName file name of its log under the calling module's {@code target/}
     * @return its base URL, e.g. {@code http://127.0.0.1:41234}
     */
    public String start(Map<String, String> extraEnv, String logName) {
        if (!available()) {
            throw new IllegalStateException("hub-backend is not packaged: " + JAR + " (run the reactor build)");
        }
        try {
            Map<String, String> env = new HashMap<>(db.start());
            env.putAll(s3.start());
            env.remove("envhub.test.s3-dir");
            int port = freePort();
            url = "http://127.0.0.1:" + port;
            env.put("ENVHUB_KEYCLOAK_URL", KeycloakTestResource.baseUrl());
            env.put("QUARKUS_HTTP_PORT", String.valueOf(port));
            env.put("ENVHUB_HUB_URL", url);
            env.put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false");
            env.putAll(extraEnv);
            this.env = env;
            this.log = Path.of("target", logName).toAbsolutePath();
            launch(ProcessBuilder.Redirect.to(log.toFile()));
            return url;
        } catch (IOException e) {
            stop();
            throw new IllegalStateException("cannot start hub-backend: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            throw new IllegalStateException(e);
        }
    }

    private void launch(ProcessBuilder.Redirect output) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("java", "-Xmx384m", "-jar", JAR.toString());
        pb.environment().putAll(env);
        pb.redirectErrorStream(true).redirectOutput(output);
        hub = pb.start();
        if (!Http.awaitOk(url + "/q/health/ready", Duration.ofSeconds(240), hub::isAlive)) {
            throw new IllegalStateException("hub-backend did not become ready; see " + log);
        }
    }

    /**
     * Stops the backend process (TERM, as an orchestrator does) and starts it again on the same port, database and
     * object store; its log goes on in the same file.
     */
    public void restart() throws IOException, InterruptedException {
        hub.destroy();
        if (!hub.waitFor(30, TimeUnit.SECONDS)) {
            hub.destroyForcibly().waitFor();
        }
        launch(ProcessBuilder.Redirect.appendTo(log.toFile()));
    }

    /** Its log file (stdout and stderr of every start). */
    public Path log() {
        return log;
    }

    /** ENVHUB_DB_URL, ENVHUB_DB_USER and ENVHUB_DB_PASSWORD of its test database. */
    public Map<String, String> database() {
        return Map.of("ENVHUB_DB_URL", env.get("ENVHUB_DB_URL"), "ENVHUB_DB_USER", env.get("ENVHUB_DB_USER"),
                "ENVHUB_DB_PASSWORD", env.get("ENVHUB_DB_PASSWORD"));
    }

    /** Its base URL once started. */
    public String url() {
        return url;
    }

    /** Stops the backend, then drops its database and object store. */
    public void stop() {
        if (hub != null) {
            hub.destroy();
            try {
                if (!hub.waitFor(20, TimeUnit.SECONDS)) {
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
