package io.envhub.migrations;

import static io.envhub.migrations.ScratchHubDatabase.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** V11 gives versions and environments that existed before it their verdict, and counts them per status. */
class TrustStatusBackfillTest {
    private static ScratchHubDatabase database;

    @BeforeAll
    static void createDatabase() throws Exception {
        database = ScratchHubDatabase.create("envhub_backfill");
    }

    @AfterAll
    static void dropDatabase() throws Exception {
        database.close();
    }

    @Test
    void existingVersionsGetTheirVerdict() throws Exception {
        database.flyway("9").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            st.execute("INSERT INTO hub.owners (id, kind, name, display_name, subject) VALUES (1, 'user', 'bf', 'bf', 's')");
            st.execute("INSERT INTO hub.environments (id, owner_id, name, display_name, tags, latest_version) VALUES"
                    + " (1, 1, 'ok', 'ok', '{a}', '1.0'), (2, 1, 'flag', 'flag', '{a}', '1.0'), (3, 1, 'so', 'so', '{a}', '1.0'),"
                    + " (4, 1, 'bad', 'bad', '{a}', '1.0'), (5, 1, 'err', 'err', '{a}', '1.0'), (6, 1, 'mix', 'mix', '{a}', '2.0')");
            st.execute("INSERT INTO hub.versions (id, environment_id, version, version_key, status) VALUES"
                    + " (1, 1, '1.0', '1', 'validated'), (2, 2, '1.0', '1', 'validated'), (3, 3, '1.0', '1', 'validated'),"
                    + " (4, 4, '1.0', '1', 'failed'), (5, 5, '1.0', '1', 'error'), (6, 6, '1.0', '1', 'validated'),"
                    + " (7, 6, '2.0', '2', 'pending')");
            st.execute("INSERT INTO hub.validation_jobs (id, version_id, state, last_error) VALUES (1, 1, 'done', null),"
                    + " (2, 2, 'done', null), (3, 3, 'done', null), (4, 4, 'done', null), (5, 5, 'error', 'disk full'),"
                    + " (6, 6, 'done', null), (7, 7, 'queued', null)");
            st.execute("INSERT INTO hub.validation_reports (version_id, job_id, status, report, worker, submitted_sha256) VALUES"
                    + " (1, 1, 'validated', '{\"status\": \"validated\", \"runtimeVerified\": true, \"checks\": [],"
                    + " \"trust\": {\"flags\": []}}', 'w', 'x'),"
                    + " (2, 2, 'validated', '{\"status\": \"validated\", \"runtimeVerified\": true, \"checks\": [], \"trust\":"
                    + " {\"flags\": [\"reward hacking: the empty completion scores 0.9, close to the best score 1.0\","
                    + " \"not deterministic: 1 of 3 differ\"], \"contamination\": [{\"owner\": \"x\", \"name\": \"y\","
                    + " \"version\": \"1\", \"overlap\": 0.42}]}}', 'w', 'x'),"
                    + " (3, 3, 'validated', '{\"status\": \"validated\", \"runtimeVerified\": false, \"checks\": ["
                    + "{\"id\": \"runtime.import\", \"status\": \"skip\", \"message\": \"dependency verifiers not available\"},"
                    + " {\"id\": \"runtime.load\", \"status\": \"skip\", \"message\": \"dependency verifiers not available\"}],"
                    + " \"trust\": {\"flags\": []}}', 'w', 'x'),"
                    + " (4, 4, 'failed', '{\"status\": \"failed\", \"runtimeVerified\": false, \"summary\": \"s\", \"checks\": ["
                    + "{\"id\": \"static.a\", \"status\": \"pass\", \"message\": \"ok\"},"
                    + " {\"id\": \"static.entry\", \"status\": \"fail\", \"message\": \"no entry\"}], \"trust\": null}', 'w', 'x'),"
                    + " (6, 6, 'validated', '{\"status\": \"validated\", \"runtimeVerified\": true, \"checks\": [],"
                    + " \"trust\": {\"flags\": []}}', 'w', 'x')");
            st.execute("UPDATE hub.environments e SET latest_status = v.status FROM hub.versions v"
                    + " WHERE v.environment_id = e.id AND v.version = e.latest_version");
            st.execute("UPDATE hub.environments SET validated_version = '1.0' WHERE id IN (1, 2, 3, 6)");
        }
        database.flyway("11").migrate();
        try (Connection c = database.connect(); Statement st = c.createStatement()) {
            assertEquals(List.of(
                    "1 verified true [] null",
                    "2 flagged true [{\"code\": \"reward-hacking\", \"message\": \"the empty completion scores 0.9, close to the best"
                            + " score 1.0\"}, {\"code\": \"non-deterministic\", \"message\": \"1 of 3 differ\"}, {\"code\":"
                            + " \"dataset-overlap\", \"message\": \"42% of the dataset's rows appear in another environment's"
                            + " dataset\"}] null",
                    "3 static-only false [] dependency verifiers not available",
                    "4 failed false [] static.entry: no entry",
                    "5 error false [] disk full",
                    "6 verified true [] null",
                    "7 validating false [] null"),
                    rows(st, "SELECT id || ' ' || trust_status || ' ' || runtime_verified || ' ' || trust_flags || ' '"
                            + " || coalesce(status_reason, 'null') FROM hub.versions ORDER BY id"));
            // the environment shows its validated version's verdict (mix: 1.0, not the pending 2.0)
            assertEquals(List.of("ok verified", "flag flagged", "so static-only", "bad failed", "err error", "mix verified"),
                    rows(st, "SELECT name || ' ' || trust_status FROM hub.environments ORDER BY id"));
            assertEquals(List.of("error 1", "failed 1", "flagged 1", "static-only 1", "verified 2"),
                    rows(st, "SELECT status || ' ' || environments FROM hub.public_tag_status WHERE tag = 'a' AND other = ''"
                            + " ORDER BY status"));
        }
    }
}
