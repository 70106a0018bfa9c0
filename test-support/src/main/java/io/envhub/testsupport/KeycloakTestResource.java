package io.envhub.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Real Keycloak with the {@code envhub} realm for tests, on the test port ({@code ENVHUB_TEST_KEYCLOAK_PORT}, default
 * 18180): one per build, shared by every module's tests ({@link SharedKeycloak}: started by the first test JVM that
 * needs it, installed from the Maven artifact into {@code ~/.cache/envhub} with a freshly imported realm, stopped when
 * the build ends); one that someone else already runs on the port is reused and left running.
 */
public class KeycloakTestResource implements QuarkusTestResourceLifecycleManager {

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
            SharedKeycloak.ensure(port, installRoot(port));
            return Map.of("ENVHUB_KEYCLOAK_URL", baseUrl());
        } catch (IOException e) {
            throw new IllegalStateException("cannot provide Keycloak: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting Keycloak", e);
        }
    }

    /** Leaves the shared Keycloak running for the next modules of the build; it stops when the build ends. */
    @Override
    public void stop() {
        // nothing to do: the watchdog started with Keycloak stops it when the build's Maven JVM exits
    }
}
