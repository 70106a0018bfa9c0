package io.envhub.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What {@code up}, {@code down}, {@code status} and {@code logs} do. */
final class StackCommands {
    private static final String INFRA = "infra";
    private static final String KEYCLOAK = "keycloak";
    /** Keycloak's first start on a machine builds it (20-30 s quiet, over 240 s seen on a loaded 2-core machine). */
    private static final Duration KEYCLOAK_TIMEOUT = Duration.ofSeconds(480);
    private static final Duration SERVICE_TIMEOUT = Duration.ofSeconds(120);
    /** Measured on a 2-core machine (README, "Quick start"). */
    static final String FIRST_START = "the first up of a fresh stack dir about 2-3 min (Keycloak builds itself once per machine;"
            + " add the Maven build when the jars are missing)";
    static final String WARM_START = "about 30-60 s";

    private final StackConfig config;

    StackCommands(StackConfig config) {
        this.config = config;
    }

    int up() throws Exception {
        long started = System.nanoTime();
        for (Service s : Service.values()) {
            if (!Files.exists(s.jar(config.repo()))) {
                System.err.println("envhub-stack: " + s.jar(config.repo())
                        + " is missing; build with ./mvnw -B -DskipTests package");
                return 1;
            }
        }
        Files.createDirectories(config.logs());
        // only what this call starts is stopped again when something fails: never what was running before
        List<String> startedHere = new ArrayList<>();
        try {
            startInfra(startedHere);
            // Keycloak and the services start side by side: a service waits for Keycloak by itself (its OIDC
            // connection delay, then lazily at its first request), and its readiness is awaited after Keycloak's
            Launched keycloak = launchKeycloak(startedHere);
            Map<Service, Launched> services = launchServices(startedHere);
            awaitKeycloak(keycloak);
            awaitServices(services);
        } catch (StackFailure failure) {
            failure.report(System.err);
            System.err.println("Expected start times here: " + FIRST_START + "; a later up takes " + WARM_START + ".");
            stopStartedHere(startedHere);
            return 1;
        }
        long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();
        config.record();   // later commands on this stack dir use the same database, object store and Keycloak
        new StackSeeding(config).afterUp();
        printSummary(seconds);
        return 0;
    }

    private void stopStartedHere(List<String> startedHere) throws InterruptedException, IOException {
        if (startedHere.isEmpty()) {
            System.err.println("---- nothing was started by this call; what was running keeps running ----");
            return;
        }
        System.err.println("---- stopping what this call started: " + String.join(", ", startedHere)
                + " (what was running before keeps running) ----");
        for (int i = startedHere.size() - 1; i >= 0; i--) {
            stop(startedHere.get(i));
        }
    }

    /** {@code seed}: seeds the demo environments into the running stack now (marker or not). */
    int seed() {
        for (Service s : Service.values()) {
            if (Http.status(s.readinessUrl()) != 200) {
                System.err.println("envhub-stack: " + s.module() + " is not healthy at " + s.readinessUrl()
                        + "; start the stack with ./envhub-stack up first");
                return 1;
            }
        }
        return new StackSeeding(config).seed() ? 0 : 1;
    }

    private void startInfra(List<String> startedHere) throws Exception {
        Path ready = config.pids().resolve(InfraDaemon.READY_FILE);
        if (Processes.livePid(pidFile(INFRA)).isPresent()) {
            if (!Ports.answers("127.0.0.1", config.s3Port())) {
                throw new StackFailure(INFRA, "infra is running but its object store does not answer on port "
                        + config.s3Port() + " (stop it with ./envhub-stack down, then up)", log(INFRA), 0, null);
            }
            System.out.println("infra        already running");
            return;
        }
        clearLeftovers(INFRA, config.s3Port());
        Files.deleteIfExists(ready);
        List<String> cmd = List.of(javaBin(), "-Xmx384m", "-Denvhub.repo=" + config.repo(),
                "-cp", System.getProperty("java.class.path"), StackMain.class.getName(), INFRA);
        long offset = LogDigest.size(log(INFRA));
        long pid = Processes.startDetached(cmd, serviceEnv(), config.repo(), log(INFRA), pidFile(INFRA));
        startedHere.add(INFRA);
        long deadline = System.currentTimeMillis() + 90_000;
        while (!Files.exists(ready)) {
            if (!Processes.isAlive(pid) || System.currentTimeMillis() > deadline) {
                throw new StackFailure(INFRA, "PostgreSQL / S3Proxy did not start", log(INFRA), offset, null);
            }
            Thread.sleep(200);
        }
        System.out.println("infra        " + Files.readString(ready).trim().replace(System.lineSeparator(), ", "));
    }

    /** A component this call started or found running: its pid, where its log stood (-1: found running), its home. */
    private record Launched(long pid, long logOffset, Path home) {
    }

    private Launched launchKeycloak(List<String> startedHere) throws Exception {
        int port = config.keycloakPort();
        Optional<Long> running = Processes.livePid(pidFile(KEYCLOAK));
        if (running.isPresent()) {
            return new Launched(running.get(), -1, null);
        }
        long offset = LogDigest.size(log(KEYCLOAK));
        clearLeftovers(KEYCLOAK, port);
        Path home = KeycloakLauncher.install(config.dataDir());
        Path realm = config.repo().resolve("deploy/keycloak/envhub-realm.json");
        long pid = KeycloakLauncher.start(home, port, realm, log(KEYCLOAK), pidFile(KEYCLOAK), false);
        startedHere.add(KEYCLOAK);
        return new Launched(pid, offset, home);
    }

    private void awaitKeycloak(Launched keycloak) throws Exception {
        if (!KeycloakLauncher.awaitReady(config.keycloakPort(), keycloak.pid(), KEYCLOAK_TIMEOUT)) {
            throw new StackFailure(KEYCLOAK, notReady("Keycloak", keycloak.pid(), KEYCLOAK_TIMEOUT), log(KEYCLOAK),
                    keycloak.logOffset(), null);
        }
        if (keycloak.home() != null) {
            KeycloakLauncher.keepBuild(keycloak.home());
        }
        System.out.println("keycloak     ready at " + config.get("ENVHUB_KEYCLOAK_URL"));
    }

    private Map<Service, Launched> launchServices(List<String> startedHere) throws Exception {
        Map<Service, Launched> launched = new EnumMap<>(Service.class);
        for (Service s : Service.values()) {
            Optional<Long> running = Processes.livePid(pidFile(s.module()));
            if (running.isPresent()) {
                launched.put(s, new Launched(running.get(), -1, null));
                continue;
            }
            clearLeftovers(s.module(), s.port());
            List<String> cmd = List.of(javaBin(), "-Xmx256m", "-jar", s.jar(config.repo()).toString());
            Map<String, String> env = serviceEnv();
            env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
            env.put("QUARKUS_HTTP_PORT", Integer.toString(s.port()));
            long offset = LogDigest.size(log(s.module()));
            long pid = Processes.startDetached(cmd, env, config.repo(), log(s.module()), pidFile(s.module()));
            startedHere.add(s.module());
            launched.put(s, new Launched(pid, offset, null));
        }
        return launched;
    }

    private void awaitServices(Map<Service, Launched> launched) throws Exception {
        for (Service s : Service.values()) {
            long pid = launched.get(s).pid();
            if (!Http.awaitOk(s.readinessUrl(), SERVICE_TIMEOUT, () -> Processes.isAlive(pid))) {
                throw new StackFailure(s.module(), notReady(s.module(), pid, SERVICE_TIMEOUT), log(s.module()),
                        launched.get(s).logOffset(), s.readinessUrl());
            }
            System.out.println(String.format("%-12s ready at %s", shortName(s), s.url()));
        }
    }

    private static String notReady(String name, long pid, Duration timeout) {
        return Processes.isAlive(pid)
                ? name + " did not become healthy within " + timeout.toSeconds() + " s"
                : name + " exited while starting";
    }

    /**
     * Before a component that is not running is started again: stops what its previous run left behind (a kill -9
     * leaves children, e.g. Keycloak's JVM under kc.sh or a sandboxed validation run), removes its stale pid file and
     * waits until its port is free. A port held by a program that is not ours is an error; it is never stopped.
     */
    private void clearLeftovers(String component, int port) throws Exception {
        Path pidFile = pidFile(component);
        Optional<Long> old = Processes.recordedPid(pidFile);
        if (old.isPresent()) {
            long start = Processes.recordedStartTime(pidFile);
            boolean pidReused = Processes.isAlive(old.get());
            if (!pidReused && start >= 0) {
                int left = Processes.stopSession(old.get(), start, 10_000);
                if (left > 0) {
                    System.out.println(String.format("%-12s stopped %d process(es) its previous run left behind", component, left));
                }
            }
            Processes.forget(pidFile);
        }
        long deadline = System.currentTimeMillis() + 15_000;
        while (!Ports.bindable("127.0.0.1", port)) {
            if (System.currentTimeMillis() > deadline) {
                throw new StackFailure(component, "port " + port + " needed by " + component
                        + " is in use by a program this stack did not start" + PortOwner.describe(port)
                        + "; stop it or free the port, then run ./envhub-stack up again", log(component), 0, null);
            }
            Thread.sleep(250);
        }
    }

    int down() throws InterruptedException, IOException {
        List<String> order = new ArrayList<>();
        for (int i = Service.values().length - 1; i >= 0; i--) {
            order.add(Service.values()[i].module());
        }
        order.add(KEYCLOAK);
        order.add(INFRA);
        for (String component : order) {
            stop(component);
        }
        return 0;
    }

    /** Stops one component (and whatever is left of its session) and removes its pid file. */
    private void stop(String component) throws InterruptedException, IOException {
        Path pidFile = pidFile(component);
        Optional<Long> pid = Processes.livePid(pidFile);
        if (pid.isPresent()) {
            Processes.stopComponent(pid.get(), 30_000);
            System.out.println("stopped " + component);
        } else if (Processes.recordedPid(pidFile).isPresent() && Processes.recordedStartTime(pidFile) >= 0
                && !Processes.isAlive(Processes.recordedPid(pidFile).get())) {
            Processes.stopSession(Processes.recordedPid(pidFile).get(), Processes.recordedStartTime(pidFile), 10_000);
        }
        Processes.forget(pidFile);
        if (INFRA.equals(component)) {
            Files.deleteIfExists(config.pids().resolve(InfraDaemon.READY_FILE));
        }
    }

    int status() {
        boolean allUp = true;
        allUp &= line(INFRA, Processes.livePid(pidFile(INFRA)), config.get("ENVHUB_S3_ENDPOINT") + "/");
        allUp &= line(KEYCLOAK, Processes.livePid(pidFile(KEYCLOAK)), KeycloakLauncher.discoveryUrl(config.keycloakPort()));
        for (Service s : Service.values()) {
            allUp &= line(s.module(), Processes.livePid(pidFile(s.module())), s.readinessUrl());
        }
        return allUp ? 0 : 1;
    }

    int logs(String component) {
        List<String> names = new ArrayList<>(List.of(INFRA, KEYCLOAK));
        for (Service s : Service.values()) {
            names.add(s.module());
        }
        if (component != null && !names.contains(component)) {
            System.err.println("envhub-stack: unknown component '" + component + "'; one of " + names);
            return 2;
        }
        for (String name : names) {
            if (component == null || component.equals(name)) {
                System.out.println("==== " + log(name) + " ====");
                System.out.println(Processes.tail(log(name), component == null ? 20 : 200));
            }
        }
        return 0;
    }

    private boolean line(String name, Optional<Long> pid, String url) {
        int code = Http.status(url);
        boolean up = pid.isPresent() && code > 0 && code < 500;
        System.out.println(String.format("%-18s %-8s pid %-8s %s -> %s", name, up ? "up" : "down",
                pid.map(String::valueOf).orElse("-"), url, code < 0 ? "no answer" : "HTTP " + code));
        return up;
    }

    private void printSummary(long seconds) {
        System.out.println();
        System.out.println("EnvHub is up (" + seconds + " s). Data and logs: " + config.dataDir());
        System.out.println("  web UI           " + Service.FRONTEND.url() + "/");
        System.out.println("  hub API          " + Service.BACKEND.url() + "/api/v1  (OpenAPI: /q/openapi, UI: /q/swagger-ui)");
        System.out.println("  bounty API       " + Service.BOUNTY.url() + "/api/v1/bounties");
        System.out.println("  validator        " + Service.VALIDATOR.url() + "/q/health");
        System.out.println("  Keycloak         " + config.get("ENVHUB_KEYCLOAK_URL") + "/admin  (admin / admin)");
        System.out.println("  object store     " + config.get("ENVHUB_S3_ENDPOINT")
                + "  (bucket " + config.get("ENVHUB_S3_BUCKET") + ")");
        System.out.println("  demo logins      alice / alice (contributor), sam / sam (sponsor), ada / ada (admin)");
        System.out.println("  envhub CLI       " + Service.FRONTEND.url() + "/cli  (curl -fsSL " + Service.FRONTEND.url()
                + "/cli/install.sh | sh)");
        if ("true".equals(config.get("ENVHUB_WEBHOOK_ALLOW_PRIVATE"))) {
            System.out.println("  webhooks         may point at private addresses and http:// (ENVHUB_WEBHOOK_ALLOW_PRIVATE=true,"
                    + " for local use only)");
        }
        System.out.println("  stop with        ./envhub-stack down");
    }

    private Map<String, String> serviceEnv() {
        Map<String, String> env = new HashMap<>(config.env());
        env.put("ENVHUB_STACK_DIR", config.dataDir().toString());
        // the web hub serves the CLI this checkout built (/cli, envhub-cli.tar.gz), unless told otherwise
        env.putIfAbsent("ENVHUB_CLI_DIST_DIR", System.getenv().getOrDefault("ENVHUB_CLI_DIST_DIR",
                config.repo().resolve("hub-cli/target").toString()));
        return env;
    }

    private static String shortName(Service s) {
        return s.module();
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private Path pidFile(String component) {
        return config.pids().resolve(component + ".pid");
    }

    private Path log(String component) {
        return config.logs().resolve(component + ".log");
    }

}
