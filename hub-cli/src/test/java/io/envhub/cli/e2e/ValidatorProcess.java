package io.envhub.cli.e2e;

import io.envhub.stack.Ports;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.RepoPaths;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The packaged package-validator ({@code package-validator/target/quarkus-app/quarkus-run.jar}) as a child process:
 * its worker loop claims the test hub's validation jobs with the real service account and runs them in the real
 * bubblewrap sandbox. One per test class that needs validations to finish ({@link #close()} stops it).
 */
final class ValidatorProcess implements AutoCloseable {
    private final Process process;
    private final Path log;

    private ValidatorProcess(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** The packaged validator of this checkout. */
    static Path runner() {
        return RepoPaths.root().resolve("package-validator/target/quarkus-app/quarkus-run.jar");
    }

    /** Starts a worker against the hub and waits until it answers its health check. */
    static ValidatorProcess start(String hubUrl) throws Exception {
        int port = Ports.free();
        Path log = Path.of("target", "package-validator-for-cli-tests.log").toAbsolutePath();
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-jar", runner().toString())
                .directory(runner().getParent().toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
        env.put("QUARKUS_HTTP_PORT", Integer.toString(port));
        env.put("QUARKUS_LOG_CONSOLE_JSON_ENABLED", "false");
        env.put("ENVHUB_BACKEND_URL", hubUrl);
        env.put("ENVHUB_KEYCLOAK_URL", KeycloakTestResource.baseUrl());
        env.put("ENVHUB_VALIDATOR_WORKER_ENABLED", "true");
        env.put("ENVHUB_VALIDATOR_WORKER_POLL_INTERVAL", "PT0.5S");
        env.put("ENVHUB_VALIDATOR_WORKER_ID", "cli-tests");
        ValidatorProcess v = new ValidatorProcess(pb.start(), log);
        try {
            v.awaitLive(Duration.ofSeconds(120), "http://127.0.0.1:" + port + "/q/health/live");
            return v;
        } catch (Exception e) {
            v.close();
            throw new IllegalStateException("package-validator did not start: " + e.getMessage() + "\n"
                    + io.envhub.stack.Processes.tail(log, 40), e);
        }
    }

    private void awaitLive(Duration timeout, String url) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("package-validator exited with code " + process.exitValue());
            }
            try {
                HttpResponse<String> res = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5))
                        .build(), HttpResponse.BodyHandlers.ofString());
                if (res.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("not live within " + timeout.toSeconds() + " s");
    }

    /** The worker's log (for failure messages). */
    String logTail() {
        return Files.exists(log) ? io.envhub.stack.Processes.tail(log, 60) : "(no log)";
    }

    @Override
    public void close() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
