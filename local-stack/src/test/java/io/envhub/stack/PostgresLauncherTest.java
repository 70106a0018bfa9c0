package io.envhub.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With nothing listening at the configured address, an embedded PostgreSQL starts and keeps its data. */
class PostgresLauncherTest {
    @TempDir
    Path dataDir;

    @Test
    void startsEmbeddedWhenNothingAnswersAndKeepsDataAcrossRestarts() throws Exception {
        int port = Ports.free();
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/envhub";
        try (PostgresLauncher first = PostgresLauncher.ensure(url, "postgres", "", dataDir, port)) {
            assertTrue(first.isEmbedded());
            assertEquals(port, first.port());
            first.createDatabaseIfMissing("envhub");
            first.createDatabaseIfMissing("envhub");
            try (Connection c = first.connect("envhub"); Statement st = c.createStatement()) {
                st.execute("CREATE TABLE kept (v TEXT)");
                st.execute("INSERT INTO kept VALUES ('still here')");
            }
        }
        assertFalse(Ports.answers("127.0.0.1", port), "embedded server stopped on close");
        try (PostgresLauncher second = PostgresLauncher.ensure(url, "postgres", "", dataDir, port);
             Connection c = second.connect("envhub"); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT v FROM kept")) {
            assertTrue(rs.next());
            assertEquals("still here", rs.getString(1));
        }
    }

    @Test
    void reusesARunningServer() throws Exception {
        int port = Ports.free();
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/envhub";
        try (PostgresLauncher running = PostgresLauncher.ensure(url, "postgres", "", dataDir, port);
             PostgresLauncher reused = PostgresLauncher.ensure(url, "postgres", "", null, 0)) {
            assertTrue(running.isEmbedded());
            assertFalse(reused.isEmbedded(), "a server that answers is used as it is");
            assertEquals(port, reused.port());
        }
    }
}
