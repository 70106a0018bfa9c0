package io.envhub.testsupport;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.stack.Processes;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watchdog that ends the build's shared Keycloak, tried on stand-ins: a {@code sleep} as the build's Maven JVM
 * and a detached {@code sleep} process group (with a child) as Keycloak.
 */
class SharedKeycloakWatchdogTest {

    @TempDir
    Path dir;

    @Test
    void stopsKeycloaksWholeGroupWhenTheBuildEnds() throws Exception {
        Process owner = new ProcessBuilder("sleep", "300").start();
        long keycloak = Processes.startDetached(List.of("sh", "-c", "sleep 300 & wait"), Map.of(), dir, dir.resolve("kc.log"), null);
        long watchdog = SharedKeycloak.startWatchdog(owner.pid(), keycloak, dir);
        try {
            assertTrue(Processes.isAlive(keycloak), "Keycloak runs while the build runs");
            owner.destroyForcibly().waitFor();
            assertTrue(within(30, () -> !Processes.isAlive(keycloak)), "Keycloak stopped after the build ended");
            assertTrue(within(30, () -> sessionIsEmpty(keycloak)), "nothing of its group left");
            assertTrue(within(30, () -> !Processes.isAlive(watchdog)), "the watchdog exits");
        } finally {
            owner.destroyForcibly();
            Processes.stopComponent(keycloak, 1_000);
            Processes.stopComponent(watchdog, 1_000);
        }
    }

    @Test
    void exitsByItselfWhenKeycloakEndsFirst() throws Exception {
        Process owner = new ProcessBuilder("sleep", "300").start();
        long keycloak = Processes.startDetached(List.of("sleep", "300"), Map.of(), dir, dir.resolve("kc.log"), null);
        long watchdog = SharedKeycloak.startWatchdog(owner.pid(), keycloak, dir);
        try {
            Processes.stopGroup(keycloak, 5_000);
            assertTrue(within(30, () -> !Processes.isAlive(watchdog)), "the watchdog exits");
            assertTrue(owner.isAlive(), "the build is left alone");
        } finally {
            owner.destroyForcibly();
            Processes.stopComponent(watchdog, 1_000);
        }
        assertFalse(Processes.isAlive(keycloak));
    }

    private static boolean sessionIsEmpty(long session) {
        try {
            Process p = new ProcessBuilder("pgrep", "-s", Long.toString(session)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip();
            p.waitFor();
            return out.isEmpty();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static boolean within(int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }
}
