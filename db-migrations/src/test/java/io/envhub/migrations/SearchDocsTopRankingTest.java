package io.envhub.migrations;

import static io.envhub.migrations.ScratchHubDatabase.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
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
}
