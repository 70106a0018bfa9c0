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
 * V17: the tag and status counters count listed environments only (public, not unlisted), for environments unlisted
 * before it (backfill) and for every later change of {@code unlisted_at} (triggers), like the licence counters (V16).
 */
class ListedCountsBackfillTest {
    private static ScratchHubDatabase database;

    @BeforeAll
    static void createDatabase() throws Exception {
        database = ScratchHubDatabase.create("envhub_listed");
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        database.close();
    }

    private static final String PAIRS = "SELECT tag || '/' || other || ' ' || environments || ' ' || validated"
            + " FROM hub.public_tag_pairs WHERE environments <> 0 OR validated <> 0 ORDER BY tag, other";
    private static final String STATUS = "SELECT tag || '/' || other || ' ' || status || ' ' || environments"
            + " FROM hub.public_tag_status WHERE environments <> 0 ORDER BY tag, other, status";

    @Test
    void unlistedEnvironmentsLeaveTheCountersBeforeAndAfter() throws Exception {
        database.flyway("16").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            st.execute("INSERT INTO hub.owners (id, kind, name, display_name, subject) VALUES (1, 'user', 'lc', 'lc', 's')");
            st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name, tags, visibility, trust_status,"
                    + " validated_version, unlisted_at) VALUES"
                    + " (1, 1, 'listed', 'listed', '{a}', 'public', 'verified', '1.0', NULL),"
                    + " (2, 1, 'unlisted', 'unlisted', '{a,b}', 'public', 'verified', '1.0', now()),"
                    + " (3, 1, 'private', 'private', '{a}', 'private', 'verified', '1.0', NULL)");
            // before V17 the unlisted environment was counted
            assertEquals(List.of("/ 2 2", "/a 2 2", "/b 1 1", "a/ 2 2", "a/a 2 2", "a/b 1 1", "b/ 1 1", "b/a 1 1", "b/b 1 1"),
                    rows(st, PAIRS));
        }
        database.flyway("17").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            assertEquals(List.of("/ 1 1", "/a 1 1", "a/ 1 1", "a/a 1 1"), rows(st, PAIRS), "backfilled");
            assertEquals(List.of("/ verified 1", "/a verified 1", "a/ verified 1", "a/a verified 1"), rows(st, STATUS));

            st.execute("UPDATE hub.environments SET unlisted_at = NULL WHERE id = 2");
            assertEquals(List.of("/ 2 2", "/a 2 2", "/b 1 1", "a/ 2 2", "a/a 2 2", "a/b 1 1", "b/ 1 1", "b/a 1 1", "b/b 1 1"),
                    rows(st, PAIRS), "relisted: counted");
            assertEquals(2, rows(st, STATUS).stream().filter(r -> r.equals("a/ verified 2") || r.equals("/ verified 2")).count());
            st.execute("UPDATE hub.environments SET unlisted_at = now() WHERE id IN (1, 2)");
            assertEquals(List.of(), rows(st, PAIRS), "unlisted: out");
            assertEquals(List.of(), rows(st, STATUS));
            // changes to an unlisted environment leave the counters alone
            st.execute("UPDATE hub.environments SET tags = '{c}', trust_status = 'failed', validated_version = NULL WHERE id = 2");
            assertEquals(List.of(), rows(st, PAIRS));
            assertEquals(List.of(), rows(st, STATUS));
            st.execute("UPDATE hub.environments SET unlisted_at = NULL WHERE id = 2");
            assertEquals(List.of("/ 1 0", "/c 1 0", "c/ 1 0", "c/c 1 0"), rows(st, PAIRS));
            assertEquals(List.of("/ failed 1", "/c failed 1", "c/ failed 1", "c/c failed 1"), rows(st, STATUS));
            st.execute("DELETE FROM hub.environments WHERE id = 2");
            assertEquals(List.of(), rows(st, PAIRS));
            // the recount agrees with the triggers
            st.execute("UPDATE hub.environments SET unlisted_at = NULL WHERE id = 1");
            List<String> kept = rows(st, PAIRS);
            List<String> keptStatus = rows(st, STATUS);
            st.execute("SELECT hub.public_tag_pairs_rebuild()");
            assertEquals(kept, rows(st, PAIRS));
            assertEquals(keptStatus, rows(st, STATUS));
            assertEquals(List.of("/ 1 1", "/a 1 1", "a/ 1 1", "a/a 1 1"), kept);
        }
    }
}
