package io.envhub.registry.publish;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.validation.QueueFixtures;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Deleting a version while the validator records its result: both need the job row and the environment row; the
 * result path takes the job first, so the delete must too (else PostgreSQL breaks the deadlock by failing one of them).
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class DeleteLockOrderTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    QueueFixtures queue;
    @Inject
    AgroalDataSource dataSource;

    @Test
    void deleteWaitsForTheJobBeforeLockingTheEnvironment() throws Exception {
        Owner alice = fixtures.user("alice");
        String name = "lock-order-" + RegistryFixtures.run();
        QueueFixtures.Pushed pushed = queue.pushed(alice, name, "public");
        String token = Tokens.forUser("alice", "alice");
        String path = "/api/v1/environments/alice/" + name + "/versions/1.0.0";
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Connection result = dataSource.getConnection(); Connection watcher = dataSource.getConnection()) {
            result.setAutoCommit(false);
            // the result path's first lock (ValidationQueue.lockJob): the job row
            query(result, "SELECT id FROM hub.validation_jobs WHERE id = ? FOR UPDATE", pushed.job());
            Future<Integer> delete = pool.submit(() -> given().auth().oauth2(token).delete(path).statusCode());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (query(watcher, "SELECT count(*) FROM pg_locks WHERE NOT granted AND locktype = 'transactionid'"
                    + " AND pid <> ?", pid(result)) == 0) {
                assertTrue(System.nanoTime() < deadline, "the delete never waited for the job lock");
                Thread.sleep(50);
            }
            // the result path's second lock (EnvironmentStatus.lockEnvironmentOf): free, the delete has not taken it
            query(result, "SELECT count(*) FROM (SELECT set_config('lock_timeout', '5s', true)) x", null);
            assertEquals(1, query(result, "SELECT count(*) FROM (SELECT e.id FROM hub.environments e JOIN hub.versions v"
                    + " ON v.environment_id = e.id WHERE v.id = ? FOR UPDATE OF e) x", pushed.versionId()));
            result.commit();
            assertEquals(204, delete.get(30, TimeUnit.SECONDS), "the delete goes through once the result is recorded");
        } finally {
            pool.shutdownNow();
        }
        given().get(path).then().statusCode(404);
    }

    private static long pid(Connection c) throws SQLException {
        return query(c, "SELECT pg_backend_pid()", null);
    }

    private static long query(Connection c, String sql, Long param) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (param != null) {
                ps.setLong(1, param);
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
