package io.envhub.stack;

import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The local stack's configuration: environment variables with the same names the services and docker-compose use
 * (see the configuration table in the README), with defaults that work on one machine.
 */
public record StackConfig(Path repo, Path dataDir, Map<String, String> env) {
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
        return Map.copyOf(d);
    }

    /** Reads the process environment over the defaults. */
    public static StackConfig fromEnvironment(Path repo) {
        Map<String, String> env = new LinkedHashMap<>();
        for (String key : DEFAULTS.keySet().stream().sorted().toList()) {
            String value = System.getenv(key);
            env.put(key, value != null ? value : DEFAULTS.get(key));
        }
        String dir = System.getenv("ENVHUB_STACK_DIR");
        Path dataDir = dir == null || dir.isBlank() ? repo.resolve(".stack-data") : Path.of(dir);
        return new StackConfig(repo, dataDir.toAbsolutePath(), Map.copyOf(env));
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
