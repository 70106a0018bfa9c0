package io.envhub.stack;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The local stack's configuration: environment variables with the same names the services and docker-compose use
 * (see the configuration table in the README), with defaults that work on one machine.
 *
 * <p>A stack dir belongs to the database, object store and Keycloak it was started with (its objects and its rows go
 * together), so {@code up} records the values it ran with in {@value #RECORDED} inside the dir (owner-only: it holds
 * the client secrets), and every later command on that dir ({@code seed}, {@code up} again, {@code status}) uses them
 * for the variables not set in its own environment. A variable set explicitly always wins.
 */
public record StackConfig(Path repo, Path dataDir, Map<String, String> env) {
    /** The file in the stack dir with the values {@code up} ran with. */
    static final String RECORDED = "stack.env";

    /** Every variable the stack passes on to the services, with its local default. */
    static final Map<String, String> DEFAULTS = defaults();

    private static Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("ENVHUB_DB_URL", "jdbc:postgresql://127.0.0.1:5432/envhub");
        d.put("ENVHUB_DB_USER", "postgres");
        d.put("ENVHUB_DB_PASSWORD", "");
        d.put("ENVHUB_S3_ENDPOINT", "http://127.0.0.1:9000");
        d.put("ENVHUB_S3_ACCESS_KEY", "envhub");
        d.put("ENVHUB_S3_SECRET_KEY", "envhub-dev-secret");
        d.put("ENVHUB_S3_BUCKET", "envhub-artifacts");
        d.put("ENVHUB_KEYCLOAK_URL", "http://127.0.0.1:8180");
        d.put("ENVHUB_BACKEND_URL", "http://127.0.0.1:8081");
        d.put("ENVHUB_BOUNTY_URL", "http://127.0.0.1:8082");
        d.put("ENVHUB_FRONTEND_CLIENT_SECRET", "dev-frontend-secret");
        d.put("ENVHUB_BACKEND_CLIENT_SECRET", "dev-backend-secret");
        d.put("ENVHUB_BOUNTY_CLIENT_SECRET", "dev-bounty-secret");
        d.put("ENVHUB_VALIDATOR_CLIENT_SECRET", "dev-validator-secret");
        // a local stack's webhook receivers run on this machine: private addresses and http:// are allowed (said on up)
        d.put("ENVHUB_WEBHOOK_ALLOW_PRIVATE", "true");
        d.put("ENVHUB_EVAL_ALLOW_LOOPBACK", "true");
        return Map.copyOf(d);
    }

    /** Reads the process environment over the values recorded in the stack dir, over the defaults. */
    public static StackConfig fromEnvironment(Path repo) {
        return from(repo, System.getenv());
    }

    /** {@link #fromEnvironment} with the given environment variables. */
    static StackConfig from(Path repo, Map<String, String> environment) {
        String dir = environment.get("ENVHUB_STACK_DIR");
        Path dataDir = (dir == null || dir.isBlank() ? repo.resolve(".stack-data") : Path.of(dir)).toAbsolutePath();
        Properties recorded = readRecorded(dataDir.resolve(RECORDED));
        Map<String, String> env = new LinkedHashMap<>();
        for (String key : DEFAULTS.keySet().stream().sorted().toList()) {
            String value = environment.get(key);
            env.put(key, value != null ? value : recorded.getProperty(key, DEFAULTS.get(key)));
        }
        return new StackConfig(repo, dataDir, Map.copyOf(env));
    }

    private static Properties readRecorded(Path file) {
        Properties p = new Properties();
        if (Files.isRegularFile(file)) {
            try (Reader in = Files.newBufferedReader(file)) {
                p.load(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return p;
    }

    /** Writes these values to the stack dir's {@value #RECORDED} (owner-only), replacing what was there. */
    void record() throws IOException {
        Files.createDirectories(dataDir);
        Path tmp = Files.createTempFile(dataDir, RECORDED, ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Properties p = new Properties();
            p.putAll(env);
            try (Writer out = Files.newBufferedWriter(tmp)) {
                p.store(out, "the values ./envhub-stack up ran with on this stack dir; a variable set when you run a"
                        + " command wins over its value here");
            }
            // a rename inside one directory: always atomic on the file systems a stack dir lives on
            Files.move(tmp, dataDir.resolve(RECORDED), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    public String get(String key) {
        return env.get(key);
    }

    /** Port of the object store, from ENVHUB_S3_ENDPOINT. */
    public int s3Port() {
        return URI.create(get("ENVHUB_S3_ENDPOINT")).getPort();
    }

    /** Port of Keycloak, from ENVHUB_KEYCLOAK_URL. */
    public int keycloakPort() {
        return URI.create(get("ENVHUB_KEYCLOAK_URL")).getPort();
    }

    /** The database name in ENVHUB_DB_URL. */
    public String databaseName() {
        String url = get("ENVHUB_DB_URL");
        String tail = url.substring(url.lastIndexOf('/') + 1);
        int q = tail.indexOf('?');
        return q < 0 ? tail : tail.substring(0, q);
    }

    public Path logs() {
        return dataDir.resolve("logs");
    }

    public Path pids() {
        return dataDir.resolve("run");
    }
}
