package io.envhub.testsupport;

import io.envhub.stack.PostgresLauncher;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A fresh PostgreSQL database for one test run: on the server at 127.0.0.1:5432 (or {@code ENVHUB_TEST_DB_URL})
 * when it answers, else on an embedded server. The database is dropped when the run ends.
 */
public class PostgresTestResource implements QuarkusTestResourceLifecycleManager {
    private PostgresLauncher server;
    private String database;

    @Override
    public Map<String, String> start() {
        try {
            String url = System.getenv().getOrDefault("ENVHUB_TEST_DB_URL", "jdbc:postgresql://127.0.0.1:5432/postgres");
            server = PostgresLauncher.ensure(url, System.getenv().getOrDefault("ENVHUB_TEST_DB_USER", "postgres"),
                    System.getenv().getOrDefault("ENVHUB_TEST_DB_PASSWORD", ""), null, 0);
            database = newDatabaseName();
            server.createDatabaseIfMissing(database);
            return Map.of(
                    "ENVHUB_DB_URL", server.jdbcUrl(database),
                    "ENVHUB_DB_USER", server.user(),
                    "ENVHUB_DB_PASSWORD", server.password());
        } catch (Exception e) {
            throw new IllegalStateException("cannot provide a test database: " + e.getMessage(), e);
        }
    }

    /**
     * A unique, recognisable name: envhub_test_<timestamp>_<pid>_<random>. The pid keeps the test JVMs of modules
     * built in parallel apart.
     */
    public static String newDatabaseName() {
        return "envhub_test_" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMddHHmmss"))
                + "_" + ProcessHandle.current().pid()
                + "_" + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000, 0xffff));
    }

    @Override
    public void stop() {
        try {
            if (server != null) {
                server.dropDatabase(database);
                server.close();
            }
        } catch (Exception e) {
            System.err.println("could not drop test database " + database + ": " + e.getMessage());
        }
    }
}
