package io.envhub.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** What {@code up}, {@code down}, {@code status} and {@code logs} do. */
final class StackCommands {
    private static final String INFRA = "infra";
    private static final String KEYCLOAK = "keycloak";
    private static final Duration KEYCLOAK_TIMEOUT = Duration.ofSeconds(240);
    private static final Duration SERVICE_TIMEOUT = Duration.ofSeconds(120);

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
        try {
            startInfra();
            startKeycloak();
            startServices();
        } catch (StackFailure failure) {
            System.err.println("envhub-stack: " + failure.getMessage());
            System.err.println("---- last lines of " + failure.log + " ----");
            System.err.println(Processes.tail(failure.log, 40));
            System.err.println("---- stopping what was started ----");
            down();
            return 1;
        }
        long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();
        new StackSeeding(config).afterUp();
        printSummary(seconds);
        return 0;
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

    private void startInfra() throws Exception {
        if (Processes.livePid(pidFile(INFRA)).isPresent()) {
            System.out.println("infra        already running");
            return;
        }
        requireFree(INFRA, config.s3Port());
        Path ready = config.pids().resolve(InfraDaemon.READY_FILE);
        Files.deleteIfExists(ready);
        List<String> cmd = List.of(javaBin(), "-Xmx384m", "-Denvhub.repo=" + config.repo(),
                "-cp", System.getProperty("java.class.path"), StackMain.class.getName(), INFRA);
        long pid = Processes.startDetached(cmd, serviceEnv(), config.repo(), log(INFRA), pidFile(INFRA));
        long deadline = System.currentTimeMillis() + 90_000;
        while (!Files.exists(ready)) {
            if (!Processes.isAlive(pid) || System.currentTimeMillis() > deadline) {
                throw new StackFailure("PostgreSQL / S3Proxy did not start", log(INFRA));
            }
            Thread.sleep(200);
        }
        System.out.println("infra        " + Files.readString(ready).trim().replace(System.lineSeparator(), ", "));
    }

    private void startKeycloak() throws Exception {
        int port = config.keycloakPort();
        Optional<Long> running = Processes.livePid(pidFile(KEYCLOAK));
        long pid;
        if (running.isPresent()) {
            pid = running.get();
        } else {
            requireFree(KEYCLOAK, port);
            Path home = KeycloakLauncher.install(config.dataDir());
            Path realm = config.repo().resolve("deploy/keycloak/envhub-realm.json");
            pid = KeycloakLauncher.start(home, port, realm, log(KEYCLOAK), pidFile(KEYCLOAK), false);
        }
        if (!KeycloakLauncher.awaitReady(port, pid, KEYCLOAK_TIMEOUT)) {
            throw new StackFailure("Keycloak did not become ready on port " + port, log(KEYCLOAK));
        }
        System.out.println("keycloak     ready at " + config.get("ENVHUB_KEYCLOAK_URL"));
    }

    private void startServices() throws Exception {
        Map<Service, Long> pids = new HashMap<>();
        for (Service s : Service.values()) {
            Optional<Long> running = Processes.livePid(pidFile(s.module()));
            if (running.isPresent()) {
                pids.put(s, running.get());
                continue;
            }
            requireFree(s.module(), s.port());
            List<String> cmd = List.of(javaBin(), "-Xmx256m", "-jar", s.jar(config.repo()).toString());
            Map<String, String> env = serviceEnv();
            env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
            env.put("QUARKUS_HTTP_PORT", Integer.toString(s.port()));
            pids.put(s, Processes.startDetached(cmd, env, config.repo(), log(s.module()), pidFile(s.module())));
        }
        for (Service s : Service.values()) {
            long pid = pids.get(s);
            if (!Http.awaitOk(s.readinessUrl(), SERVICE_TIMEOUT, () -> Processes.isAlive(pid))) {
                throw new StackFailure(s.module() + " did not become healthy at " + s.readinessUrl(), log(s.module()));
            }
            System.out.println(String.format("%-12s ready at %s", shortName(s), s.url()));
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
            Optional<Long> pid = Processes.livePid(pidFile(component));
            if (pid.isPresent()) {
                Processes.stopGroup(pid.get(), 30_000);
                System.out.println("stopped " + component);
            }
            Files.deleteIfExists(pidFile(component));
        }
        Files.deleteIfExists(config.pids().resolve(InfraDaemon.READY_FILE));
        return 0;
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
        System.out.println("  stop with        ./envhub-stack down");
    }

    private Map<String, String> serviceEnv() {
        Map<String, String> env = new HashMap<>(config.env());
        env.put("ENVHUB_STACK_DIR", config.dataDir().toString());
        return env;
    }

    private void requireFree(String component, int port) throws StackFailure {
        if (Ports.answers("127.0.0.1", port)) {
            throw new StackFailure("port " + port + " needed by " + component + " is already in use by another program",
                    log(component));
        }
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

    /** A component that failed to start, with the log that says why. */
    private static final class StackFailure extends Exception {
        private final transient Path log;

        StackFailure(String message, Path log) {
            super(message);
            this.log = log;
        }
    }
}
