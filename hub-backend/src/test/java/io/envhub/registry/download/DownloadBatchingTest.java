package io.envhub.registry.download;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.SmallLimitsProfile;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Downloads are counted in memory and written in batches (one statement and one batch id per flush); a failed flush is
 * retried and nothing is counted twice, also when a batch that did commit is written again. Here nothing is written
 * until the test flushes ({@link SmallLimitsProfile}): what is not flushed is exactly what a crash would lose.
 */
@QuarkusTest
@TestProfile(SmallLimitsProfile.class)
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class DownloadBatchingTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    EntityManager em;
    @Inject
    DownloadCounter counter;

    private long number(String sql, Object... params) {
        return QuarkusTransaction.requiringNew().call(() -> {
            var q = em.createNativeQuery(sql);
            for (int i = 0; i < params.length; i++) {
                q.setParameter(i + 1, params[i]);
            }
            return ((Number) q.getSingleResult()).longValue();
        });
    }

    private void execute(String sql) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(sql).executeUpdate());
    }

    private long total(Environment env) {
        return number("SELECT download_count FROM hub.environments WHERE id = ?1", env.id);
    }

    private long today(Environment env) {
        return number("SELECT coalesce(sum(count), 0) FROM hub.downloads_daily WHERE environment_id = ?1"
                + " AND day = (now() AT TIME ZONE 'UTC')::date", env.id);
    }

    /** Environments with one published version, each downloaded once anonymously (once per client and window). */
    private List<Environment> downloaded(String prefix, int n) {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner(prefix + "-" + run);
        List<Environment> envs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Environment env = fixtures.environment(owner, "batch" + i, "Batch", "public", List.of(), null);
            fixtures.publish(env, "1.0.0");
            given().redirects().follow(false).get("/simple/{o}/batch{i}/batch" + i + "-1.0.0-py3-none-any.whl", owner.name, i)
                    .then().statusCode(302);
            envs.add(env);
        }
        return envs;
    }

    @Test
    void downloadsWaitInMemoryAndOneFlushWritesThemAllWithOneBatch() {
        counter.flush();
        List<Environment> envs = downloaded("batched", 3);
        for (Environment env : envs) {
            assertEquals(0L, total(env), "no database write on the request path");
        }
        assertEquals(3L, counter.unwritten());
        long batches = number("SELECT count(*) FROM hub.download_flushes");
        assertTrue(counter.flush());
        assertEquals(batches + 1, number("SELECT count(*) FROM hub.download_flushes"), "one batch for the three");
        for (Environment env : envs) {
            assertEquals(1L, total(env));
            assertEquals(1L, today(env));
        }
        assertEquals(0L, counter.unwritten());
    }

    @Test
    void aFailedFlushIsRetriedAndCountsExactlyOnce() {
        counter.flush();
        List<Environment> envs = downloaded("failing", 2);
        // the database refuses the write (a trigger that raises), as it would when locked, full or unreachable
        execute("CREATE OR REPLACE FUNCTION hub.test_refuse_downloads() RETURNS trigger LANGUAGE plpgsql AS"
                + " $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$");
        execute("CREATE TRIGGER test_refuse_downloads BEFORE INSERT OR UPDATE ON hub.downloads_daily"
                + " FOR EACH ROW EXECUTE FUNCTION hub.test_refuse_downloads()");
        try {
            assertFalse(counter.flush());
            assertFalse(counter.flush(), "still refused: kept again");
            for (Environment env : envs) {
                assertEquals(0L, total(env), "the failed statement wrote nothing (one transaction)");
            }
            assertEquals(2L, counter.unwritten());
        } finally {
            execute("DROP TRIGGER test_refuse_downloads ON hub.downloads_daily");
            execute("DROP FUNCTION hub.test_refuse_downloads()");
        }
        assertTrue(counter.flush());
        assertTrue(counter.flush());
        for (Environment env : envs) {
            assertEquals(1L, total(env), "counted once after two failures and two flushes");
            assertEquals(1L, today(env));
        }
        assertEquals(0L, counter.unwritten());
    }

    @Test
    void aBatchThatCommittedButWhoseAnswerWasLostIsNotCountedTwice() throws Exception {
        List<Environment> envs = downloaded("ambiguous", 1);
        counter.flush();
        Environment env = envs.get(0);
        assertEquals(1L, total(env));
        DownloadCounter.Batch batch = new DownloadCounter.Batch(UUID.randomUUID(),
                Map.of(new DownloadCounter.Key(env.id, LocalDate.now(ZoneOffset.UTC)), 7L));
        counter.write(batch);
        counter.write(batch);
        assertEquals(8L, total(env));
        assertEquals(8L, today(env));
    }
}
