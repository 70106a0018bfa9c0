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
 * V19: {@code hub.search_docs} (the narrow copy a common word's candidates are chosen from) equals the environments'
 * columns after the backfill and after every change: a new environment, a new summary, README, tags or name (the
 * document), downloads, visibility, unlisting, a new owner and a deletion.
 */
class SearchDocsTest {
    private static ScratchHubDatabase database;

    /** What the copy must hold, computed from hub.environments. */
    private static final String EXPECTED = "SELECT id || ' ' || owner_id || ' ' || (visibility = 'public' AND unlisted_at IS NULL)"
            + " || ' ' || download_count || ' ' || coalesce(search::text, '-') FROM hub.environments ORDER BY id";
    private static final String KEPT = "SELECT environment_id || ' ' || owner_id || ' ' || listed || ' ' || download_count"
            + " || ' ' || coalesce(search::text, '-') FROM hub.search_docs ORDER BY environment_id";

    @BeforeAll
    static void createDatabase() throws Exception {
        database = ScratchHubDatabase.create("envhub_docs");
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        database.close();
    }

    @Test
    void theNarrowCopyFollowsEveryChange() throws Exception {
        database.flyway("18").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            st.execute("INSERT INTO hub.owners (id, kind, name, display_name, subject) VALUES (1, 'user', 'sd', 'sd', 's'),"
                    + " (2, 'user', 'other', 'other', 's2')");
            st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name, summary, visibility, download_count,"
                    + " unlisted_at) VALUES (1, 1, 'maze-walk', 'maze-walk', 'walk a maze', 'public', 5, NULL),"
                    + " (2, 1, 'secret', 'secret', 'hidden one', 'private', 2, NULL),"
                    + " (3, 1, 'gone', 'gone', 'unlisted one', 'public', 9, now())");
        }
        database.flyway("19").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            assertEquals(3, rows(st, KEPT).size());
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "backfilled");
            assertEquals(List.of("1 1 true 5", "2 1 false 2", "3 1 false 9"),
                    rows(st, "SELECT environment_id || ' ' || owner_id || ' ' || listed || ' ' || download_count"
                            + " FROM hub.search_docs ORDER BY environment_id"));

            st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name, summary) VALUES"
                    + " (4, 2, 'new-one', 'new-one', 'brand new')");
            st.execute("UPDATE hub.environments SET summary = 'walk a labyrinth' WHERE id = 1");
            st.execute("UPDATE hub.environments SET readme = 'a long readme about graphs' WHERE id = 4");
            st.execute("UPDATE hub.environments SET tags = '{games,puzzles}', name = 'maze-run' WHERE id = 1");
            st.execute("UPDATE hub.environments SET download_count = download_count + 7 WHERE id IN (1, 4)");
            st.execute("UPDATE hub.environments SET visibility = 'public' WHERE id = 2");
            st.execute("UPDATE hub.environments SET unlisted_at = NULL WHERE id = 3");
            st.execute("UPDATE hub.environments SET unlisted_at = now() WHERE id = 4");
            st.execute("UPDATE hub.environments SET owner_id = 2 WHERE id = 1");
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "after every kind of change");
            assertEquals(List.of("1"), rows(st, "SELECT environment_id::text FROM hub.search_docs"
                    + " WHERE search @@ to_tsquery('english', 'labyrinth')"), "the new summary is searchable");
            assertEquals(List.of("4"), rows(st, "SELECT environment_id::text FROM hub.search_docs"
                    + " WHERE search @@ to_tsquery('english', 'graphs')"), "the new README is searchable");

            st.execute("DELETE FROM hub.environments WHERE id = 2");
            assertEquals(rows(st, EXPECTED), rows(st, KEPT), "a deleted environment leaves");
            assertEquals(3, rows(st, KEPT).size());
        }
    }
}
