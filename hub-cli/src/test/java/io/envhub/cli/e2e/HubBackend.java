package io.envhub.cli.e2e;

import io.envhub.stack.Ports;
import io.envhub.stack.PostgresLauncher;
import io.envhub.stack.S3ProxyLauncher;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.RepoPaths;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The packaged hub-backend ({@code hub-backend/target/quarkus-app/quarkus-run.jar}) running as a child process on a
 * free port, against a fresh PostgreSQL database on 127.0.0.1:5432 (or an embedded server), S3Proxy in this JVM and
 * the test Keycloak. Started once per test JVM (kept in JUnit's root store) and stopped when the run ends.
 */
public final class HubBackend implements ExtensionContext.Store.CloseableResource {
    private static final String ACCESS_KEY = "cli-test-access";
    private static final String SECRET_KEY = "cli-test-secret-key";
    private static final String BUCKET = "envhub-cli-test";
    /** The upload limit the tests' hub enforces. */
    public static final long MAX_UPLOAD_BYTES = 256 * 1024;

    private final List<AutoCloseable> cleanup = new ArrayList<>();
    private String url;
    private Path log;
    private PostgresLauncher postgres;
    private String database;

    /**
     * The packaged backend: {@code hub-backend/target/quarkus-app/quarkus-run.jar} of this checkout, or the jar named
     * by the system property {@code envhub.test.backend-jar} (to run these tests against another build).
     */
    public static Path runner() {
        String other = System.getProperty("envhub.test.backend-jar");
        if (other != null && !other.isBlank()) {
            return Path.of(other).toAbsolutePath();
        }
        return RepoPaths.root().resolve("hub-backend/target/quarkus-app/quarkus-run.jar");
    }

    /**
     * Marks a version validated, as a validator's report would (no validator runs in these tests), so the package
     * index serves it.
     */
    void markValidated(String owner, String name, String version) throws java.sql.SQLException {
        try (java.sql.Connection c = postgres.connect(database); java.sql.PreparedStatement st = c.prepareStatement(
                "UPDATE hub.versions v SET status = 'validated', trust_status = 'verified', runtime_verified = true"
                        + " FROM hub.environments e, hub.owners o"
                        + " WHERE v.environment_id = e.id AND e.owner_id = o.id AND o.name = ? AND e.name = ? AND v.version = ?")) {
            st.setString(1, owner);
            st.setString(2, name);
            st.setString(3, version);
            if (st.executeUpdate() != 1) {
                throw new IllegalStateException("no version " + owner + "/" + name + " " + version);
            }
        }
    }

    /** Starts everything; stops what already started when a step fails. */
    static HubBackend start() {
        HubBackend b = new HubBackend();
        try {
            b.boot();
            return b;
        } catch (Exception e) {
            b.close();
            throw new IllegalStateException("cannot start hub-backend for the CLI tests: " + e.getMessage()
                    + (b.log == null ? "" : "\n" + io.envhub.stack.Processes.tail(b.log, 40)), e);
        }
    }

    private void boot() throws Exception {
        KeycloakTestResource keycloak = new KeycloakTestResource();
        keycloak.start();
        cleanup.add(keycloak::stop);

        PostgresLauncher pg = PostgresLauncher.ensure("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "", null, 0);
        cleanup.add(pg);
        String db = PostgresTestResource.newDatabaseName();
        pg.createDatabaseIfMissing(db);
        cleanup.add(() -> pg.dropDatabase(db));
        postgres = pg;
        database = db;

        Path s3dir = Files.createTempDirectory("envhub-cli-s3-");
        cleanup.add(() -> deleteTree(s3dir));
        S3ProxyLauncher s3 = S3ProxyLauncher.start(s3dir, 0, ACCESS_KEY, SECRET_KEY, BUCKET);
        cleanup.add(s3);

        int port = Ports.free();
        url = "http://127.0.0.1:" + port;
        log = Path.of("target", "hub-backend-for-cli-tests.log").toAbsolutePath();
        ProcessBuilder pb = new ProcessBuilder(javaBin(), "-Xmx384m", "-jar", runner().toString())
                .directory(runner().getParent().toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = pb.environment();
        env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
        env.put("QUARKUS_HTTP_PORT", Integer.toString(port));
        env.put("ENVHUB_DB_URL", pg.jdbcUrl(db));
        env.put("ENVHUB_DB_USER", pg.user());
        env.put("ENVHUB_DB_PASSWORD", pg.password() == null ? "" : pg.password());
        env.put("ENVHUB_S3_ENDPOINT", s3.endpoint().toString());
        env.put("ENVHUB_S3_ACCESS_KEY", ACCESS_KEY);
        env.put("ENVHUB_S3_SECRET_KEY", SECRET_KEY);
        env.put("ENVHUB_S3_BUCKET", BUCKET);
        env.put("ENVHUB_KEYCLOAK_URL", KeycloakTestResource.baseUrl());
        env.put("ENVHUB_MAX_UPLOAD_BYTES", Long.toString(MAX_UPLOAD_BYTES));
        env.put("ENVHUB_UPSTREAM_INDEX", "off");
        // install answers (the environments-hub lookup) name the hub by its public URL: this one
        env.put("ENVHUB_HUB_URL", "http://127.0.0.1:" + port);
        Process process = pb.start();
        cleanup.add(() -> stop(process));
        awaitReady(process, Duration.ofSeconds(180));
    }

    private void awaitReady(Process process, Duration timeout) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("hub-backend exited with code " + process.exitValue());
            }
            try {
                HttpResponse<String> res = http.send(HttpRequest.newBuilder(URI.create(url + "/q/health/ready"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                if (res.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // still starting
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("hub-backend was not ready within " + timeout.toSeconds() + " s");
    }

    /** The hub base URL. */
    public String url() {
        return url;
    }

    /** The backend's log file. */
    public Path log() {
        return log;
    }

    @Override
    public void close() {
        for (int i = cleanup.size() - 1; i >= 0; i--) {
            try {
                cleanup.get(i).close();
            } catch (Exception e) {
                System.err.println("CLI test cleanup step failed: " + e);
            }
        }
        cleanup.clear();
    }

    private static void stop(Process p) throws InterruptedException {
        p.descendants().forEach(ProcessHandle::destroy);
        p.destroy();
        if (!p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
