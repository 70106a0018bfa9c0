package io.envhub.migrations;

import io.envhub.stack.PostgresLauncher;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.Flyway;

/** A new database for one migration test: migrated to the versions the test asks for, dropped when closed. */
final class ScratchHubDatabase implements AutoCloseable {
    private final PostgresLauncher server;
    private final String name;

    private ScratchHubDatabase(PostgresLauncher server, String name) {
        this.server = server;
        this.name = name;
    }

    /** Creates {@code prefix_<random>} on the PostgreSQL server at 127.0.0.1:5432. */
    static ScratchHubDatabase create(String prefix) throws Exception {
        PostgresLauncher server = PostgresLauncher.ensure("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "", null, 0);
        String name = prefix + "_" + Long.toHexString(System.nanoTime());
        server.createDatabaseIfMissing(name);
        return new ScratchHubDatabase(server, name);
    }

    /** Flyway over the hub schema's migrations, up to {@code target}. */
    Flyway flyway(String target) {
        return Flyway.configure().dataSource(server.jdbcUrl(name), server.user(), server.password()).schemas("hub")
                .locations("classpath:db/hub").table("flyway_schema_history").target(target).load();
    }

    Connection connect() throws Exception {
        return server.connect(name);
    }

    /** The first column of every row, as text. */
    static List<String> rows(Statement st, String sql) throws Exception {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    @Override
    public void close() throws Exception {
        try {
            server.dropDatabase(name);
        } finally {
            server.close();
        }
    }
}
