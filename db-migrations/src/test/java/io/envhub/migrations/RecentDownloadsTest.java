package io.envhub.migrations;

import static io.envhub.migrations.ScratchHubDatabase.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * V18: trending's seven-day sums kept in {@code hub.downloads_recent} always equal the sum over
 * {@code hub.downloads_daily} that trending computed on the spot before: after the migration's backfill, after every
 * insert, update and delete (the trigger), after the window moves to a later day (the recount), and when a writer and
 * the recount run at the same time.
 */
class RecentDownloadsTest {
    private ScratchHubDatabase database;

    /** What trending summed on every request before V18, for the window ending on the kept window day. */
    private static final String LIVE = "SELECT environment_id || ' ' || sum(count) FROM hub.downloads_daily"
            + " WHERE day > (SELECT window_day FROM hub.downloads_recent_window) - 7"
            + " GROUP BY environment_id HAVING sum(count) > 0 ORDER BY environment_id";
    private static final String KEPT = "SELECT environment_id || ' ' || n FROM hub.downloads_recent ORDER BY environment_id";
    private static final String TODAY = "(now() AT TIME ZONE 'UTC')::date";

    /** Each test its own database: one migrates in two steps, the other straight to V18. */
    @BeforeEach
    void createDatabase() throws Exception {
        database = ScratchHubDatabase.create("envhub_recent");
    }

    @AfterEach
    void dropDatabase() throws Exception {
        database.close();
    }

    @Test
    void keptSumsEqualTheDailyRowsThroughEveryChange() throws Exception {
        database.flyway("17").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            st.execute("INSERT INTO hub.owners (id, kind, name, display_name, subject) VALUES (1, 'user', 'rd', 'rd', 's')");
            st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name) VALUES"
                    + " (1, 1, 'a', 'a'), (2, 1, 'b', 'b'), (3, 1, 'c', 'c'), (4, 1, 'd', 'd')");
            // 1: today and 6 days ago (in), 7 days ago (out); 2: only 8 days ago; 3: 3 days ago
            st.execute("INSERT INTO hub.downloads_daily (environment_id, day, count) VALUES"
                    + " (1, " + TODAY + ", 5), (1, " + TODAY + " - 6, 2), (1, " + TODAY + " - 7, 100),"
                    + " (2, " + TODAY + " - 8, 9), (3, " + TODAY + " - 3, 4)");
        }
        database.flyway("18").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            assertEquals(List.of("1 7", "3 4"), rows(st, KEPT), "backfilled from the daily rows");
            assertEquals(rows(st, LIVE), rows(st, KEPT));

            // a flush's upsert: a new row and an added count
            st.execute("INSERT INTO hub.downloads_daily AS d (environment_id, day, count) VALUES (4, " + TODAY + ", 3),"
                    + " (1, " + TODAY + ", 2) ON CONFLICT (environment_id, day) DO UPDATE SET count = d.count + EXCLUDED.count");
            assertEquals(List.of("1 9", "3 4", "4 3"), rows(st, KEPT));
            // an old day changes nothing, a row moved into the window counts, one moved out leaves
            st.execute("INSERT INTO hub.downloads_daily (environment_id, day, count) VALUES (2, " + TODAY + " - 20, 50)");
            st.execute("UPDATE hub.downloads_daily SET day = " + TODAY + " - 1 WHERE environment_id = 2 AND day = " + TODAY + " - 8");
            st.execute("UPDATE hub.downloads_daily SET day = " + TODAY + " - 10 WHERE environment_id = 3");
            assertEquals(List.of("1 9", "2 9", "4 3"), rows(st, KEPT));
            st.execute("DELETE FROM hub.downloads_daily WHERE environment_id = 1 AND day = " + TODAY);
            assertEquals(List.of("1 2", "2 9", "4 3"), rows(st, KEPT));
            // a deleted environment leaves with its daily rows
            st.execute("DELETE FROM hub.environments WHERE id = 4");
            assertEquals(List.of("1 2", "2 9"), rows(st, KEPT));
            assertEquals(rows(st, LIVE), rows(st, KEPT));

            // today's window is in place: nothing to do
            assertFalse(refresh(st, TODAY));
            // the next day: 6 days ago becomes 7 days ago and leaves the window
            assertTrue(refresh(st, TODAY + " + 1"));
            assertEquals(List.of("2 9"), rows(st, KEPT));
            assertEquals(rows(st, LIVE), rows(st, KEPT));
            assertFalse(refresh(st, TODAY), "the window never moves back");
        }
    }

    @Test
    void aWriterAndTheRecountNeitherLoseNorDoubleACount() throws Exception {
        database.flyway("18").migrate();
        try (Connection setup = database.connect(); Statement st = setup.createStatement()) {
            st.execute("INSERT INTO hub.owners (id, kind, name, display_name, subject) VALUES (2, 'user', 'rw', 'rw', 's2')");
            st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name) VALUES (10, 2, 'w', 'w')");
            st.execute("UPDATE hub.downloads_recent_window SET window_day = " + TODAY + " - 1");
        }
        try (Connection writer = database.connect(); Connection recount = database.connect();
             Statement w = writer.createStatement(); Statement r = recount.createStatement()) {
            writer.setAutoCommit(false);
            // the writer's row is in (and holds the window FOR SHARE) before the recount starts
            w.execute("INSERT INTO hub.downloads_daily (environment_id, day, count) VALUES (10, " + TODAY + ", 6)");
            CompletableFuture<Boolean> moved = CompletableFuture.supplyAsync(() -> {
                try {
                    return refresh(r, TODAY);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(300);
            assertFalse(moved.isDone(), "the recount waits for the writer");
            writer.commit();
            assertTrue(moved.get(10, TimeUnit.SECONDS));
            try (Statement st = recount.createStatement()) {
                assertEquals(List.of("10 6"), rows(st, KEPT).stream().filter(s -> s.startsWith("10 ")).toList());
                assertEquals(rows(st, LIVE), rows(st, KEPT));
            }
        }
    }

    private static boolean refresh(Statement st, String day) throws Exception {
        try (ResultSet rs = st.executeQuery("SELECT hub.refresh_downloads_recent(" + day + ")")) {
            rs.next();
            return rs.getBoolean(1);
        }
    }
}
