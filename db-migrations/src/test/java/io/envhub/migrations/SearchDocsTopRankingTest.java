package io.envhub.migrations;

import static io.envhub.migrations.ScratchHubDatabase.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * V21: every row of {@code hub.search_docs_top} carries its environment's ranking columns (name, tags, stars, last
 * update, trust status, licence, search_head), equal to {@code hub.environments}: after the backfill, after a change of
 * each of them inside and outside the top, when a row comes in by its downloads, as a new environment, and when the
 * threshold moves.
 */
class SearchDocsTopRankingTest {
    private static ScratchHubDatabase database;

    private static final String COLUMNS = " || ' ' || name || ' ' || tags::text || ' ' || star_count || ' ' || updated_at"
            + " || ' ' || coalesce(trust_status, '-') || ' ' || coalesce(license, '-') || ' ' || coalesce(search_head::text, '-')";
    /** The ranking columns of the environments inside the top, read in hub.environments. */
    private static final String EXPECTED = "SELECT id" + COLUMNS + " FROM hub.environments e WHERE id IN (SELECT environment_id"
            + " FROM hub.search_docs WHERE download_count >= (SELECT download_count FROM hub.search_docs_top_threshold))"
            + " ORDER BY id";
    private static final String KEPT = "SELECT environment_id" + COLUMNS + " FROM hub.search_docs_top ORDER BY environment_id";
    private static final String INSIDE = "SELECT string_agg(environment_id::text, ',' ORDER BY environment_id)"
            + " FROM hub.search_docs_top";

    @BeforeAll
    static void createDatabase() throws Exception {
        database = ScratchHubDatabase.create("envhub_top_rank");
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        database.close();
    }

    @Test
    void theTopCarriesItsEnvironmentsRankingColumns() throws Exception {
        database.flyway("20").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            st.execute("INSERT INTO hub.owners (id, kind, name, display_name, subject) VALUES (1, 'user', 'tr', 'tr', 's')");
            // eight environments with 10, 20, ... 80 downloads: the quarter mark is 70 (env-7 and env-8 inside)
            st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name, summary, tags, license, trust_status,"
                    + " star_count, download_count) SELECT g, 1, 'env-' || g, 'env-' || g, 'a puzzle number ' || g,"
                    + " ARRAY['games', 't' || g], 'MIT', 'verified', g, 10 * g FROM generate_series(1, 8) g");
            st.execute("SELECT hub.move_search_docs_top(70)");
        }
        database.flyway("21").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            assertEquals(List.of("7,8"), rows(st, INSIDE));
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "backfilled");

            // each column on its own, inside (8) and outside (1)
            for (int id : new int[] {8, 1}) {
                for (String set : List.of("name = 'renamed-" + id + "'", "tags = ARRAY['maths']", "summary = 'a maze now'",
                        "star_count = star_count + 5", "updated_at = now() - interval '1 day'", "trust_status = 'flagged'",
                        "license = 'Apache-2.0'")) {
                    st.execute("UPDATE hub.environments SET " + set + " WHERE id = " + id);
                    assertEquals(rows(st, EXPECTED), rows(st, KEPT), set + " on " + id);
                }
            }
            assertEquals(List.of("renamed-8"), rows(st, "SELECT name FROM hub.search_docs_top"
                    + " WHERE search_head @@ to_tsquery('english', 'maze')"), "the new summary ranks inside");
            // as an entity update writes it: every column, most of them unchanged
            st.execute("UPDATE hub.environments SET name = name, tags = tags, summary = summary, star_count = star_count,"
                    + " updated_at = updated_at, trust_status = NULL, license = license WHERE id = 7");
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "a status cleared");

            // env-1, changed while outside, comes in by its downloads with its current columns; a new one too
            st.execute("UPDATE hub.environments SET download_count = 100 WHERE id = 1");
            st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name, summary, tags, star_count, download_count)"
                    + " VALUES (9, 1, 'env-9', 'env-9', 'a new one', ARRAY['new'], 3, 90)");
            assertEquals(List.of("1,7,8,9"), rows(st, INSIDE));
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "rows let in by their downloads");

            st.execute("UPDATE hub.environments SET star_count = 42 WHERE id = 3");
            st.execute("SELECT hub.move_search_docs_top(30)");
            assertEquals(List.of("1,3,4,5,6,7,8,9"), rows(st, INSIDE));
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "rows let in by a move");
        }
    }

    /**
     * A transaction that changes an environment inside the top and then its downloads, while the threshold moves: the
     * move waits for it (both take the threshold's row first) instead of the two deadlocking.
     */
    @Test
    void aChangeInsideTheTopAndAMoveDoNotDeadlock() throws Exception {
        try (ScratchHubDatabase db = ScratchHubDatabase.create("envhub_top_lock")) {
            db.flyway("21").migrate();
            try (Connection c = db.connect(); Statement st = c.createStatement()) {
                st.execute("INSERT INTO hub.owners (id, kind, name, display_name, subject) VALUES (1, 'user', 'tl', 'tl', 's')");
                st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name, download_count)"
                        + " SELECT g, 1, 'env-' || g, 'env-' || g, 10 * g FROM generate_series(1, 8) g");
                st.execute("SELECT hub.move_search_docs_top(70)");
            }
            try (Connection writer = db.connect(); Statement w = writer.createStatement();
                 Connection mover = db.connect(); Statement m = mover.createStatement()) {
                writer.setAutoCommit(false);
                w.execute("UPDATE hub.environments SET star_count = 3 WHERE id = 8");
                // the move raises the threshold over env-8 (80 downloads): it has to delete the row just changed
                CompletableFuture<Void> move = CompletableFuture.runAsync(() -> {
                    try {
                        m.execute("SET deadlock_timeout = '100ms'");
                        m.execute("SELECT hub.move_search_docs_top(90)");
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                Thread.sleep(300);
                w.execute("SET deadlock_timeout = '100ms'");
                w.execute("UPDATE hub.environments SET download_count = 85 WHERE id = 8");
                writer.commit();
                move.get(10, TimeUnit.SECONDS);
                assertEquals(List.of("90"), rows(m, "SELECT download_count::text FROM hub.search_docs_top_threshold"));
                assertEquals(0, rows(m, KEPT).size(), "85 downloads: below the new threshold");
                m.execute("SELECT hub.move_search_docs_top(80)");
                assertEquals(List.of("8 env-8 {} 3"), rows(m, "SELECT environment_id || ' ' || name || ' ' || tags::text"
                        + " || ' ' || star_count FROM hub.search_docs_top"), "the change kept");
            }
        }
    }
}
