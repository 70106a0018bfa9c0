package io.envhub.testsupport;

import io.envhub.stack.KeycloakLauncher;
import io.envhub.stack.Processes;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Real Keycloak with the {@code envhub} realm for tests: reused when one already answers on the test port
 * ({@code ENVHUB_TEST_KEYCLOAK_PORT}, default 18180), else installed from the Maven artifact into
 * {@code ~/.cache/envhub} and started for this run (with a freshly imported realm), then stopped.
 */
public class KeycloakTestResource implements QuarkusTestResourceLifecycleManager {
    private Long startedPid;

    /** The port test Keycloak listens on. */
    public static int port() {
        return Integer.parseInt(System.getenv().getOrDefault("ENVHUB_TEST_KEYCLOAK_PORT", "18180"));
    }

    /** The Keycloak base URL for tests. */
    public static String baseUrl() {
        return "http://127.0.0.1:" + port();
    }

    /**
     * Where test Keycloak is unpacked: {@code ~/.cache/envhub} for the default port, a directory of its own for any
     * other port, so that test runs on different ports (parallel worktrees) never share Keycloak's data directory.
     */
    static Path installRoot(int port) {
        Path root = Path.of(System.getProperty("user.home"), ".cache", "envhub");
        return port == 18180 ? root : root.resolve("port-" + port);
    }

    @Override
    public Map<String, String> start() {
        int port = port();
        try {
            if (io.envhub.stack.Http.status(KeycloakLauncher.discoveryUrl(port)) != 200) {
                Path home = KeycloakLauncher.install(installRoot(port));
                Path log = Path.of("target", "keycloak-test.log").toAbsolutePath();
                long pid = KeycloakLauncher.start(home, port, RepoPaths.realmFile(), log, null, true);
                startedPid = pid;
                if (!KeycloakLauncher.awaitReady(port, pid, Duration.ofSeconds(240))) {
                    throw new IllegalStateException("Keycloak did not start on port " + port + ":\n" + Processes.tail(log, 30));
                }
            }
            return Map.of("ENVHUB_KEYCLOAK_URL", baseUrl());
        } catch (Exception e) {
            stop();
            throw new IllegalStateException("cannot provide Keycloak: " + e.getMessage(), e);
        }
    }

    @Override
    public void stop() {
        if (startedPid != null) {
            try {
                Processes.stopGroup(startedPid, 20_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            startedPid = null;
        }
    }
}
