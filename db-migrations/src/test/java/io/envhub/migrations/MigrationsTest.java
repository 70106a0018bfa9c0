package io.envhub.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.stack.PostgresLauncher;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Both schemas migrate from nothing on a clean database, each with its own history table, and twice is a no-op. */
class MigrationsTest {
    private static PostgresLauncher server;
    private static String database;

    @BeforeAll
    static void createDatabase() throws Exception {
        server = PostgresLauncher.ensure("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "", null, 0);
        database = "envhub_migrations_" + Long.toHexString(System.nanoTime());
        server.createDatabaseIfMissing(database);
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        server.dropDatabase(database);
        server.close();
    }

    private static Flyway flyway(String schema) {
        return Flyway.configure()
                .dataSource(server.jdbcUrl(database), server.user(), server.password())
                .schemas(schema)
                .locations("classpath:db/" + schema)
                .table("flyway_schema_history")
                .load();
    }

    @Test
    void bothSchemasApplyToACleanDatabaseAndAgainAsNoOp() throws Exception {
        MigrateResult hub = flyway("hub").migrate();
        MigrateResult bounty = flyway("bounty").migrate();
        assertTrue(hub.success && hub.migrationsExecuted > 0, "hub migrations ran");
        assertTrue(bounty.success && bounty.migrationsExecuted > 0, "bounty migrations ran");

        assertEquals(0, flyway("hub").migrate().migrationsExecuted, "second hub run is a no-op");
        assertEquals(0, flyway("bounty").migrate().migrationsExecuted, "second bounty run is a no-op");
        assertTrue(flyway("hub").validateWithResult().validationSuccessful);

        try (Connection c = server.connect(database); Statement st = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT table_schema || '.' || table_name FROM information_schema.tables"
                    + " WHERE table_schema IN ('hub', 'bounty') ORDER BY 1")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            assertTrue(tables.contains("hub.owners"), tables.toString());
            assertTrue(tables.contains("hub.flyway_schema_history"), tables.toString());
            assertTrue(tables.contains("bounty.participants"), tables.toString());
            assertTrue(tables.contains("bounty.flyway_schema_history"), tables.toString());
        }
    }

    @Test
    void ownerNamesAreUniqueIgnoringCase() throws Exception {
        flyway("hub").migrate();
        try (Connection c = server.connect(database); Statement st = c.createStatement()) {
            st.execute("INSERT INTO hub.owners (kind, name, subject) VALUES ('user', 'Alice-" + database + "', 's1-" + database + "')");
            try {
                st.execute("INSERT INTO hub.owners (kind, name, subject) VALUES ('user', 'alice-" + database + "', 's2-"
                        + database + "')");
                throw new AssertionError("a second owner named like the first was accepted");
            } catch (java.sql.SQLException expected) {
                assertEquals("23505", expected.getSQLState());
            }
        }
    }
}
