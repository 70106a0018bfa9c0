package io.envhub.testsupport;

import io.envhub.stack.Http;
import io.envhub.stack.KeycloakLauncher;
import io.envhub.stack.Processes;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One test Keycloak per build: the first test JVM that needs it starts it detached and records it under the
 * repository's {@code target/test-keycloak-<port>/} (Keycloak's pid, the build that owns it, the realm file's hash);
 * the test JVMs of the next modules of the same build find it there and reuse it. A watchdog started with it stops
 * it when the build's Maven JVM exits (or, run outside Maven, the test JVM). A record whose Keycloak is dead, whose
 * build is over or whose realm file has changed since is stale: that Keycloak is stopped and a fresh one (freshly
 * imported realm) started. Check and start happen under a file lock, so parallel modules start only one.
 */
final class SharedKeycloak {
    /** What the watchdog runs: {@code $1} owner pid, {@code $2} owner start time, {@code $3} Keycloak's pid. */
    private static final String WATCHDOG = """
            field() { [ -r /proc/$1/stat ] && sed 's/.*) //' /proc/$1/stat | cut -d' ' -f"$2"; }
            alive() { s=$(field "$1" 1) && [ -n "$s" ] && [ "$s" != Z ]; }
            while alive "$1" && [ "$(field "$1" 20)" = "$2" ] && alive "$3"; do sleep 1; done
            kill -TERM -"$3" 2>/dev/null
            i=0
            while alive "$3" && [ $i -lt 200 ]; do sleep 0.1; i=$((i + 1)); done
            kill -KILL -"$3" 2>/dev/null
            exit 0
            """;
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(480);
    /**
     * Options for the test Keycloak only. Keycloak 26 refuses a user's login while another login of the same user is
     * in flight when brute-force detection is on; modules tested in parallel ({@code -T2}) sign the demo users in at
     * the same moment. The stack's own Keycloak keeps Keycloak's default.
     */
    static final List<String> TEST_OPTIONS =
            List.of("--spi-brute-force-protector--default-brute-force-detector--allow-concurrent-requests=true");

    private SharedKeycloak() {
    }

    /** Where the build's record of its test Keycloak on {@code port} lives. */
    static Path recordDir(int port) {
        return RepoPaths.root().resolve("target").resolve("test-keycloak-" + port);
    }

    /**
     * Makes sure a Keycloak with the current realm answers on {@code port} for this build: reuses the build's own,
     * or one that someone else runs there (never stopped by us), else starts one.
     */
    static synchronized void ensure(int port, Path installRoot) throws IOException, InterruptedException {
        Path dir = recordDir(port);
        Files.createDirectories(dir);
        try (FileChannel channel = FileChannel.open(dir.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
             FileLock lock = channel.lock()) {
            String realmHash = sha256(RepoPaths.realmFile());
            long owner = buildOwner();
            Path pidFile = dir.resolve("keycloak.pid");
            Optional<Long> recorded = Processes.livePid(pidFile);
            if (recorded.isPresent()) {
                // its build still runs (this one, or another build of this checkout on the same port): share it
                boolean buildRuns = Processes.livePid(dir.resolve("owner.pid")).isPresent();
                boolean sameRealm = realmHash.equals(read(dir.resolve("realm.sha256")));
                if (buildRuns && sameRealm && Http.status(KeycloakLauncher.discoveryUrl(port)) == 200) {
                    return;
                }
                Processes.stopComponent(recorded.get(), 20_000);
            }
            Processes.forget(pidFile);
            if (Http.status(KeycloakLauncher.discoveryUrl(port)) == 200) {
                return;
            }
            start(port, installRoot, dir, owner, realmHash);
        }
    }

    private static void start(int port, Path installRoot, Path dir, long owner, String realmHash)
            throws IOException, InterruptedException {
        Path home = KeycloakLauncher.install(installRoot);
        Path log = dir.resolve("keycloak.log");
        Files.deleteIfExists(log);
        Path pidFile = dir.resolve("keycloak.pid");
        long pid = KeycloakLauncher.start(home, port, RepoPaths.realmFile(), log, pidFile, true, TEST_OPTIONS);
        Processes.record(owner, dir.resolve("owner.pid"));
        Files.writeString(dir.resolve("realm.sha256"), realmHash, StandardCharsets.UTF_8);
        startWatchdog(owner, pid, dir);
        if (!KeycloakLauncher.awaitReady(port, pid, READY_TIMEOUT)) {
            String tail = Processes.tail(log, 30);
            Processes.stopComponent(pid, 20_000);
            Processes.forget(pidFile);
            throw new IllegalStateException("Keycloak did not start on port " + port + ":\n" + tail);
        }
        KeycloakLauncher.keepBuild(home);
    }

    /**
     * Starts, detached, the watchdog that stops {@code keycloak}'s process group (TERM, KILL after 20 s) once
     * {@code owner} has exited; it exits by itself when Keycloak ends first.
     *
     * @return the watchdog's pid
     */
    static long startWatchdog(long owner, long keycloak, Path dir) throws IOException {
        return Processes.startDetached(List.of("sh", "-c", WATCHDOG, "keycloak-watchdog", Long.toString(owner),
                Long.toString(Processes.startTime(owner)), Long.toString(keycloak)), Map.of(), dir, dir.resolve("watchdog.log"),
                dir.resolve("watchdog.pid"));
    }

    /**
     * The process whose end ends the shared Keycloak: the Maven JVM this test JVM was forked from (so every module
     * of one build shares it), or this JVM when it runs outside Maven.
     */
    static long buildOwner() {
        Optional<ProcessHandle> p = ProcessHandle.current().parent();
        while (p.isPresent()) {
            if (isMaven(p.get().pid())) {
                return p.get().pid();
            }
            p = p.get().parent();
        }
        return ProcessHandle.current().pid();
    }

    private static boolean isMaven(long pid) {
        try {
            byte[] cmdline = Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline"));
            String args = new String(cmdline, StandardCharsets.UTF_8);
            return args.contains("org.codehaus.plexus.classworlds.launcher.Launcher") || args.contains("org.apache.maven.cling");
        } catch (IOException e) {
            return false;
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8).strip() : "";
        } catch (IOException e) {
            return "";
        }
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
