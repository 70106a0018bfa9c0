package io.envhub.stacktests;

import io.envhub.stack.PostgresLauncher;
import io.envhub.stack.Ports;
import io.envhub.testsupport.RepoPaths;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The whole stack on its default ports, as {@code ./envhub-stack up} starts it, on a fresh data directory and a fresh
 * database (the way {@link StackIT} does), without demo seeding; {@link #close()} runs {@code down} and removes both.
 */
final class LocalStack implements AutoCloseable {
    /** Keycloak's URL: ENVHUB_KEYCLOAK_URL when set (the stack follows it too), else the default port 8180. */
    static final String KEYCLOAK = System.getenv().getOrDefault("ENVHUB_KEYCLOAK_URL", "http://127.0.0.1:8180");
    /** Frontend, backend, bounty service, validator, Keycloak, object store. */
    static final List<Integer> PORTS = List.of(8080, 8081, 8082, 8083, java.net.URI.create(KEYCLOAK).getPort(), 9000);
    static final String FRONTEND = "http://127.0.0.1:8080";
    static final String BACKEND = "http://127.0.0.1:8081";
    static final String BOUNTY = "http://127.0.0.1:8082";

    private final Path root;
    private final Path dataDir;
    private final String database;
    private final PostgresLauncher postgres;
    private final Map<String, String> extraEnv;

    private LocalStack(Path root, Path dataDir, String database, PostgresLauncher postgres, Map<String, String> extraEnv) {
        this.root = root;
        this.dataDir = dataDir;
        this.database = database;
        this.postgres = postgres;
        this.extraEnv = Map.copyOf(extraEnv);
    }

    /** Exit code and output of one {@code ./envhub-stack} call. */
    record Result(int code, String output, double seconds) {
    }

    /**
     * Stops this run's {@link SharedStack} if it runs, waits (bounded) until the default ports are free (another
     * stack may be running: it is never touched), then runs {@code up}: a stack of the caller's own.
     *
     * @throws AssertionError when the ports stay busy or {@code up} fails
     */
    static LocalStack up(Duration portWait) throws Exception {
        return up(portWait, Map.of());
    }

    /**
     * Like {@link #up(Duration)}, with extra environment variables for every {@code ./envhub-stack} call (and so for
     * every component it starts).
     */
    static LocalStack up(Duration portWait, Map<String, String> extraEnv) throws Exception {
        SharedStack.release();
        return boot(portWait, extraEnv);
    }

    /** Like {@link #up(Duration, Map)}, without stopping the {@link SharedStack} first: that is how it starts. */
    static LocalStack boot(Duration portWait, Map<String, String> extraEnv) throws Exception {
        awaitFreePorts(portWait);
        Path dataDir = Files.createTempDirectory("envhub-browser-it-");
        String database = "envhub_browser_it_" + Long.toHexString(System.nanoTime());
        PostgresLauncher postgres = PostgresLauncher.ensure("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "", null, 0);
        LocalStack stack = new LocalStack(RepoPaths.root(), dataDir, database, postgres, extraEnv);
        String out = stack.run("up");
        if (out == null) {
            stack.close();
            throw new AssertionError("./envhub-stack up failed");
        }
        return stack;
    }

    private static void awaitFreePorts(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (anotherStackStarting() || PORTS.stream().anyMatch(p -> Ports.answers("127.0.0.1", p))) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("ports " + PORTS + " stayed busy for " + timeout + " (another stack is running)");
            }
            Thread.sleep(5_000);
        }
    }

    /** Another {@code ./envhub-stack up} still building or starting (its ports may not be bound yet). */
    private static boolean anotherStackStarting() {
        return ProcessHandle.allProcesses().map(p -> p.info().commandLine().orElse(""))
                .anyMatch(cmd -> cmd.contains("envhub-stack up") || cmd.matches(".*local-stack-[^ ]*\\.jar up.*"));
    }

    private Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("ENVHUB_STACK_DIR", dataDir.toString());
        env.put("ENVHUB_DB_URL", postgres.jdbcUrl(database));
        env.put("ENVHUB_SEED", "false");
        env.putAll(extraEnv);
        return env;
    }

    /** The log file of a component (infra, keycloak, hub-backend, package-validator, ...) in the stack's directory. */
    Path log(String component) {
        return dataDir.resolve("logs").resolve(component + ".log");
    }

    /** Runs {@code ./envhub-stack command}; its output, or null when it exited non-zero (the output is printed). */
    private String run(String command) throws IOException, InterruptedException {
        Result r = call(command, Map.of());
        return r.code() == 0 ? r.output() : null;
    }

    /** Runs {@code ./envhub-stack command} with a few more environment variables; prints and returns the result. */
    Result call(String command, Map<String, String> moreEnv) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(root.resolve("envhub-stack").toString(), command)
                .directory(root.toFile()).redirectErrorStream(true);
        pb.environment().putAll(env());
        pb.environment().putAll(moreEnv);
        Path out = Files.createTempFile("envhub-stack-", ".out");
        pb.redirectOutput(out.toFile());
        long start = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(8, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("./envhub-stack " + command + " did not finish in 8 minutes");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        Files.delete(out);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("./envhub-stack %s: exit %d in %.1f s%n%s%n", command, p.exitValue(), seconds, text);
        return new Result(p.exitValue(), text, seconds);
    }

    /** The JDBC URL of this stack's own database (schemas {@code hub} and {@code bounty}), for checks behind the APIs. */
    String jdbcUrl() {
        return postgres.jdbcUrl(database);
    }

    /** The pid the stack recorded for a component (infra, keycloak, hub-backend, ...), alive or not. */
    long pid(String component) throws IOException {
        return Long.parseLong(Files.readString(dataDir.resolve("run").resolve(component + ".pid")).trim());
    }

    @Override
    public void close() throws Exception {
        try {
            run("down");
        } finally {
            postgres.dropDatabase(database);
            postgres.close();
            try (Stream<Path> paths = Files.walk(dataDir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
