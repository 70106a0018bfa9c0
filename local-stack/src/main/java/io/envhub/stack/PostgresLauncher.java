package io.envhub.stack;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * Provides a PostgreSQL server: the one at the configured address if it answers, otherwise an embedded one
 * (real PostgreSQL binaries from zonky) whose data directory is kept where the caller says.
 */
public final class PostgresLauncher implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PostgresLauncher.class.getName());

    private final String host;
    private final int port;
    private final String user;
    private final String password;
    private final EmbeddedPostgres embedded;

    private PostgresLauncher(String host, int port, String user, String password, EmbeddedPostgres embedded) {
        this.host = host;
        this.port = port;
        this.user = user;
        this.password = password;
        this.embedded = embedded;
    }

    /**
     * Uses the server named by {@code jdbcUrl} when it answers; otherwise starts an embedded server.
     *
     * @param jdbcUrl a {@code jdbc:postgresql://host:port/db} URL (the database part is ignored here)
     * @param dataDir where the embedded server keeps its data; {@code null} for a throw-away directory
     * @param embeddedPort the port for the embedded server; 0 for any free port
     */
    public static PostgresLauncher ensure(String jdbcUrl, String user, String password, Path dataDir, int embeddedPort)
            throws IOException {
        URI uri = URI.create(jdbcUrl.substring("jdbc:".length()));
        String host = uri.getHost() == null ? "127.0.0.1" : uri.getHost();
        int port = uri.getPort() > 0 ? uri.getPort() : 5432;
        if (Ports.answers(host, port)) {
            LOG.info("Using the PostgreSQL server at " + host + ":" + port);
            return new PostgresLauncher(host, port, user, password, null);
        }
        int chosen = embeddedPort > 0 ? embeddedPort : Ports.free();
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder().setPort(chosen);
        if (dataDir != null) {
            Files.createDirectories(dataDir);
            builder.setDataDirectory(dataDir).setCleanDataDirectory(false);
        }
        LOG.info("No PostgreSQL at " + host + ":" + port + "; starting an embedded one on port " + chosen);
        EmbeddedPostgres pg = builder.start();
        return new PostgresLauncher("127.0.0.1", chosen, "postgres", "", pg);
    }

    /** Whether this launcher started an embedded server (as opposed to reusing a running one). */
    public boolean isEmbedded() {
        return embedded != null;
    }

    public String host() {
        return host;
    }

    public int port() {
        return port;
    }

    public String user() {
        return user;
    }

    public String password() {
        return password;
    }

    /** The JDBC URL of one database on this server. */
    public String jdbcUrl(String database) {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }

    /** Creates the database when it does not exist yet. */
    public void createDatabaseIfMissing(String database) throws SQLException {
        requireSafeName(database);
        try (Connection c = connect("postgres"); Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + database + "'")) {
                if (rs.next()) {
                    return;
                }
            }
            st.execute("CREATE DATABASE \"" + database + "\"");
        }
    }

    /** Drops the database, disconnecting whoever still uses it. */
    public void dropDatabase(String database) throws SQLException {
        requireSafeName(database);
        try (Connection c = connect("postgres"); Statement st = c.createStatement()) {
            st.execute("DROP DATABASE IF EXISTS \"" + database + "\" WITH (FORCE)");
        }
    }

    /** Opens a connection to one database of this server. */
    public Connection connect(String database) throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", user);
        if (password != null && !password.isEmpty()) {
            props.setProperty("password", password);
        }
        return DriverManager.getConnection(jdbcUrl(database), props);
    }

    private static void requireSafeName(String database) {
        if (!database.matches("[a-z][a-z0-9_]{0,62}")) {
            throw new IllegalArgumentException("unsafe database name: " + database);
        }
    }

    @Override
    public void close() throws IOException {
        if (embedded != null) {
            embedded.close();
        }
    }
}
