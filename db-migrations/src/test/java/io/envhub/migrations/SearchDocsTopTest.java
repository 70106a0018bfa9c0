package io.envhub.migrations;

import static io.envhub.migrations.ScratchHubDatabase.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * V20: {@code hub.search_docs_top} holds exactly the rows of {@code hub.search_docs} whose download count is at least
 * the threshold: after the backfill (the threshold at the quarter mark), after every change (downloads that cross the
 * threshold, a new document inside and outside, visibility, a new environment, a deletion), after the threshold moves,
 * and the refresh moves it back to the quarter mark only when the share inside has left a fifth to a third.
 */
class SearchDocsTopTest {
    private static ScratchHubDatabase database;

    /** What the top must hold, computed from hub.search_docs and the threshold. */
    private static final String EXPECTED = "SELECT environment_id || ' ' || owner_id || ' ' || listed || ' ' || download_count"
            + " || ' ' || coalesce(search::text, '-') FROM hub.search_docs"
            + " WHERE download_count >= (SELECT download_count FROM hub.search_docs_top_threshold) ORDER BY environment_id";
    private static final String KEPT = "SELECT environment_id || ' ' || owner_id || ' ' || listed || ' ' || download_count"
            + " || ' ' || coalesce(search::text, '-') FROM hub.search_docs_top ORDER BY environment_id";
    private static final String INSIDE = "SELECT string_agg(environment_id::text, ',' ORDER BY environment_id)"
            + " FROM hub.search_docs_top";

    @BeforeAll
    static void createDatabase() throws Exception {
        database = ScratchHubDatabase.create("envhub_top");
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        database.close();
    }

    @Test
    void theTopQuarterFollowsEveryChangeAndTheThreshold() throws Exception {
        database.flyway("19").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            st.execute("INSERT INTO hub.owners (id, kind, name, display_name, subject) VALUES (1, 'user', 'tq', 'tq', 's')");
            // twelve environments with 10, 20, ... 120 downloads
            st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name, summary, download_count)"
                    + " SELECT g, 1, 'env-' || g, 'env-' || g, 'a puzzle number ' || g, 10 * g FROM generate_series(1, 12) g");
        }
        database.flyway("20").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            assertEquals(List.of("90"), rows(st, "SELECT download_count::text FROM hub.search_docs_top_threshold"),
                    "the quarter mark: the fourth most downloaded of twelve");
            assertEquals(List.of("9,10,11,12"), rows(st, INSIDE));
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "backfilled");

            st.execute("UPDATE hub.environments SET download_count = 95 WHERE id = 2");
            st.execute("UPDATE hub.environments SET summary = 'a maze instead' WHERE id = 12");
            st.execute("UPDATE hub.environments SET summary = 'a riddle instead' WHERE id = 3");
            st.execute("UPDATE hub.environments SET visibility = 'private' WHERE id = 11");
            st.execute("UPDATE hub.environments SET download_count = download_count + 1 WHERE id = 10");
            st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name, summary, download_count)"
                    + " VALUES (13, 1, 'env-13', 'env-13', 'a new one', 500), (14, 1, 'env-14', 'env-14', 'another', 0)");
            st.execute("DELETE FROM hub.environments WHERE id = 9");
            assertEquals(List.of("2,10,11,12,13"), rows(st, INSIDE));
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "after every kind of change");
            assertEquals(List.of("12"), rows(st, "SELECT environment_id::text FROM hub.search_docs_top"
                    + " WHERE search @@ to_tsquery('english', 'maze')"), "the new document inside is searchable there");
            assertEquals(List.of("false"), rows(st, "SELECT listed::text FROM hub.search_docs_top WHERE environment_id = 11"));

            st.execute("SELECT hub.move_search_docs_top(30)");
            assertEquals(List.of("2,3,4,5,6,7,8,10,11,12,13"), rows(st, INSIDE), "a lower threshold lets rows in");
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "moved down");
            assertEquals(List.of("3"), rows(st, "SELECT environment_id::text FROM hub.search_docs_top"
                    + " WHERE search @@ to_tsquery('english', 'riddle')"), "a row let in brings its current document");

            // 11 of 13 inside: more than a third, so the refresh moves it back to the quarter mark (the fourth of 13: 101)
            assertTrue(bool(st, "SELECT hub.refresh_search_docs_top()"));
            assertEquals(List.of("101"), rows(st, "SELECT download_count::text FROM hub.search_docs_top_threshold"));
            assertEquals(List.of("10,11,12,13"), rows(st, INSIDE), "a higher threshold sends rows out");
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "moved up");
            assertFalse(bool(st, "SELECT hub.refresh_search_docs_top()"), "4 of 13 is within a fifth and a third");

            st.execute("UPDATE hub.environments SET download_count = 0");
            assertEquals(0, rows(st, KEPT).size(), "everything below the threshold: nothing inside");
            // all equal: the quarter mark is 0, every row comes in, and asking again changes nothing
            assertTrue(bool(st, "SELECT hub.refresh_search_docs_top()"));
            assertEquals(13, rows(st, KEPT).size());
            assertFalse(bool(st, "SELECT hub.refresh_search_docs_top()"));
            assertEquals(rows(st, EXPECTED), rows(st, KEPT));
        }
    }

    private static boolean bool(Statement st, String sql) throws Exception {
        return Boolean.parseBoolean(rows(st, sql + "::text").get(0));
    }
}
