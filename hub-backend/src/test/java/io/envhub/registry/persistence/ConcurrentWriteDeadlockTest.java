package io.envhub.registry.persistence;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.validation.QueueFixtures;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two write transactions on two different environments that share counter rows (hub.public_tag_licenses,
 * hub.public_tag_pairs, hub.public_tag_status): each statement's triggers lock their rows in key order, but a
 * transaction of several statements takes them in several rounds, so a push (insert the environment, then set its
 * licence, tags and verdict) and a validation result (set the other environment's verdict and validated version) can
 * wait on each other. PostgreSQL breaks the cycle by aborting one (40P01); the service's transaction then runs again
 * ({@link RetryOnDeadlock}) instead of answering 500. Each test uses a tag of its own, so the counter rows it checks are
 * its own (plus the ('', '') totals every listed environment is counted in).
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class ConcurrentWriteDeadlockTest {
    private static final String LICENSE = "Apache-2.0";

    @Inject
    RegistryFixtures fixtures;
    @Inject
    QueueFixtures queue;
    @Inject
    AgroalDataSource dataSource;
    @Inject
    MeterRegistry registry;

    String run;
    String tag;
    Owner owner;
    ExecutorService pool;

    @BeforeEach
    void setUp() {
        run = RegistryFixtures.run();
        tag = "dl-" + run;
        owner = fixtures.owner("dl-" + run);
        pool = Executors.newSingleThreadExecutor();
    }

    @AfterEach
    void tearDown() {
        pool.shutdownNow();
    }

    /** The cause, with plain JDBC: the statements of a push and of a result, interleaved, deadlock on the counters. */
    @Test
    void aPushAndAResultOnTwoEnvironmentsDeadlockOnTheCounterRows() throws Exception {
        long validating = validatingEnvironment("result-" + run);
        try (Connection push = transaction(); Connection result = transaction(); Connection watcher = dataSource.getConnection()) {
            insertEnvironment(push, "pushed-" + run); // counted in ('', ''): that row is locked until the push commits
            Future<SQLException> verdict = pool.submit(() -> failureOf(() -> validate(result, validating)));
            awaitBlockedBy(watcher, pid(push)); // the result holds its licence rows and waits for ('', '')
            SQLException pushFailure = failureOf(() -> setLicenceTagsAndVerdict(push, "pushed-" + run)); // needs them
            SQLException resultFailure = verdict.get(60, TimeUnit.SECONDS);
            SQLException victim = pushFailure != null ? pushFailure : resultFailure;
            assertNotNull(victim, "one of the two is aborted");
            assertTrue(pushFailure == null || resultFailure == null, "only one of the two is aborted");
            assertEquals("40P01", victim.getSQLState(), victim.getMessage());
            push.rollback();
            result.rollback();
        }
        assertCountersMatchARecount();
    }

    /** The validator's result loses a deadlock against a push once; its transaction runs again and is recorded once. */
    @Test
    void aResultThatLosesADeadlockIsRecordedByItsRetry() throws Exception {
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        String worker = "w-dl-" + run;
        QueueFixtures.Pushed pushed = queue.pushed(owner, "result-" + run, "public", List.of(tag));
        queue.claimUntil(validator, worker, pushed.job());
        double retriesBefore = retries("ValidationResults.record");
        Response response;
        try (Connection push = transaction(); Connection watcher = dataSource.getConnection()) {
            execute(push, "SET LOCAL deadlock_timeout = '10min'"); // so the service's transaction is the victim
            insertEnvironment(push, "pushed-" + run);
            Future<Response> result = pool.submit(() -> given().auth().oauth2(validator).contentType("application/json")
                    .body(Map.of("worker", worker, "report", QueueFixtures.report("validated", null)))
                    .post(QueueFixtures.BASE + "/" + pushed.job() + "/result"));
            awaitBlockedBy(watcher, pid(push));
            setLicenceTagsAndVerdict(push, "pushed-" + run); // waits until the result's first attempt is aborted
            push.commit();
            response = result.get(60, TimeUnit.SECONDS);
        }
        assertEquals(200, response.statusCode(), response.asString());
        assertEquals("validated", response.jsonPath().getString("versionStatus"));
        assertEquals(1.0, retries("ValidationResults.record") - retriesBefore, "one retry");
        assertEquals("done", queue.job(pushed.job()).get("state"));
        assertEquals("validated", queue.job(pushed.job()).get("version_status"));
        assertEquals(1, queue.reportCount(pushed.versionId()));
        assertEquals(List.of("1.0.0"), strings("SELECT validated_version FROM hub.environments WHERE id ="
                + " (SELECT environment_id FROM hub.versions WHERE id = " + pushed.versionId() + ")"));
        assertCountersMatchARecount();
    }

    /** A push loses a deadlock against a validation result once; it is published once, by its retry. */
    @Test
    void aPushThatLosesADeadlockIsPublishedByItsRetry() throws Exception {
        fixtures.user("alice");
        String token = Tokens.forUser("alice", "alice");
        String name = "pushed-" + run;
        long validating = validatingEnvironment("result-" + run);
        TestWheels.Built wheel = TestWheels.environment(name, "1.0.0", "Pushed during a validation", List.of(tag));
        double retriesBefore = retries("PublishService.record");
        Response response;
        try (Connection result = transaction(); Connection watcher = dataSource.getConnection()) {
            execute(result, "SET LOCAL deadlock_timeout = '10min'"); // so the service's transaction is the victim
            // the result's verdict first: its licence rows (verdict 'validating' and the new one) stay locked
            update(result, "UPDATE hub.environments SET trust_status = 'static-only', latest_status = 'validated'"
                    + " WHERE id = ?", validating);
            Future<Response> push = pool.submit(() -> given().auth().oauth2(token)
                    .multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                    .post("/api/v1/environments/alice/" + name + "/versions"));
            awaitBlockedBy(watcher, pid(result)); // the push holds ('', '') and waits for a licence row
            update(result, "UPDATE hub.environments SET validated_version = '1.0.0' WHERE id = ?", validating); // ('', '')
            result.commit();
            response = push.get(60, TimeUnit.SECONDS);
        }
        assertEquals(201, response.statusCode(), response.asString());
        assertEquals(1.0, retries("PublishService.record") - retriesBefore, "one retry");
        assertEquals(List.of("1.0.0"), strings("SELECT v.version FROM hub.versions v JOIN hub.environments e"
                + " ON e.id = v.environment_id JOIN hub.owners o ON o.id = e.owner_id WHERE o.name = 'alice' AND e.name = '"
                + name + "'"));
        assertEquals(List.of("queued"), strings("SELECT j.state FROM hub.validation_jobs j JOIN hub.versions v ON v.id ="
                + " j.version_id JOIN hub.environments e ON e.id = v.environment_id JOIN hub.owners o ON o.id = e.owner_id"
                + " WHERE o.name = 'alice' AND e.name = '" + name + "'"));
        given().get("/api/v1/environments/alice/" + name).then().statusCode(200);
        assertCountersMatchARecount();
    }

    /** A listed environment with this test's tag and licence, verdict 'validating', no validated version. */
    private long validatingEnvironment(String name) throws SQLException {
        long id = fixtures.environment(owner, name, "waits for its result", "public", List.of(tag), null).id;
        try (Connection c = dataSource.getConnection()) {
            update(c, "UPDATE hub.environments SET license = '" + LICENSE + "', latest_version = '1.0.0',"
                    + " latest_status = 'validating', trust_status = 'validating' WHERE id = ?", id);
        }
        return id;
    }

    /** A push's first write (PublishService#createEnvironmentIfMissing): a public environment, no licence or tags yet. */
    private void insertEnvironment(Connection push, String name) throws SQLException {
        try (PreparedStatement ps = push.prepareStatement("INSERT INTO hub.environments (owner_id, name, display_name,"
                + " summary, visibility) VALUES (?, ?, ?, 'pushed', 'public')")) {
            ps.setLong(1, owner.id);
            ps.setString(2, name);
            ps.setString(3, name);
            ps.executeUpdate();
        }
    }

    /** A push's later writes (LatestVersion, EnvironmentStatus): the version's licence and tags, then its verdict. */
    private void setLicenceTagsAndVerdict(Connection push, String name) throws SQLException {
        try (PreparedStatement ps = push.prepareStatement("UPDATE hub.environments SET license = ?, tags = ARRAY[?],"
                + " latest_version = '1.0.0', latest_status = 'pending', trust_status = 'validating'"
                + " WHERE owner_id = ? AND name = ?")) {
            ps.setString(1, LICENSE);
            ps.setString(2, tag);
            ps.setLong(3, owner.id);
            ps.setString(4, name);
            assertEquals(1, ps.executeUpdate());
        }
    }

    /** A validation result's write (EnvironmentStatus#refresh): the environment's verdict and validated version. */
    private static void validate(Connection result, long environment) throws SQLException {
        update(result, "UPDATE hub.environments SET latest_status = 'validated', validated_version = '1.0.0',"
                + " trust_status = 'static-only' WHERE id = ?", environment);
    }

    private Connection transaction() throws SQLException {
        Connection c = dataSource.getConnection();
        c.setAutoCommit(false);
        return c;
    }

    /** Waits (with a deadline) until some other session waits for a lock held by {@code pid}. */
    private static void awaitBlockedBy(Connection watcher, long pid) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (longValue(watcher, "SELECT count(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))", pid) == 0) {
            assertTrue(System.nanoTime() < deadline, "nothing ever waited for session " + pid);
            Thread.sleep(20);
        }
    }

    /** Every counter row of this test's tag, and the totals, agree with a count of the environments. */
    private void assertCountersMatchARecount() throws SQLException {
        assertEquals(rows("SELECT x.license || '/' || x.status || '=' || count(*) || '/' || count(*) FILTER (WHERE x.validated)"
                        + " FROM (SELECT e.license, coalesce(e.trust_status, '') AS status, e.validated_version IS NOT NULL AS validated"
                        + " FROM hub.environments e WHERE e.visibility = 'public' AND e.unlisted_at IS NULL AND e.license IS NOT NULL"
                        + " AND ? = ANY(e.tags)) x GROUP BY x.license, x.status ORDER BY 1"),
                rows("SELECT license || '/' || status || '=' || environments || '/' || validated FROM hub.public_tag_licenses"
                        + " WHERE tag = ? AND (environments <> 0 OR validated <> 0) ORDER BY 1"), "licence counters of " + tag);
        assertEquals(rows("SELECT count(*) || '/' || count(*) FILTER (WHERE validated_version IS NOT NULL) FROM hub.environments"
                        + " WHERE visibility = 'public' AND unlisted_at IS NULL AND ? = ANY(tags)"),
                rows("SELECT coalesce(max(environments), 0) || '/' || coalesce(max(validated), 0) FROM hub.public_tag_pairs"
                        + " WHERE tag = '' AND other = ?"), "pair counters of " + tag);
        assertEquals(rows("SELECT trust_status || '=' || count(*) FROM hub.environments WHERE visibility = 'public'"
                        + " AND unlisted_at IS NULL AND trust_status IS NOT NULL AND ? = ANY(tags) GROUP BY trust_status ORDER BY 1"),
                rows("SELECT status || '=' || environments FROM hub.public_tag_status WHERE tag = ? AND other = ''"
                        + " AND environments <> 0 ORDER BY 1"), "status counters of " + tag);
        assertEquals(strings("SELECT count(*) || '/' || count(*) FILTER (WHERE validated_version IS NOT NULL)"
                        + " FROM hub.environments WHERE visibility = 'public' AND unlisted_at IS NULL"),
                strings("SELECT environments || '/' || validated FROM hub.public_tag_pairs WHERE tag = '' AND other = ''"),
                "the totals");
    }

    private double retries(String method) {
        return registry.find("envhub.transaction.retries").tag("method", method).counters().stream()
                .mapToDouble(Counter::count).sum();
    }

    /** Rows of a query with one parameter, this test's tag. */
    private List<String> rows(String sql) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, tag);
            return collect(ps);
        }
    }

    private List<String> strings(String sql) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            return collect(ps);
        }
    }

    private static List<String> collect(PreparedStatement ps) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static void update(Connection c, String sql, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, id);
            assertEquals(1, ps.executeUpdate());
        }
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.execute();
        }
    }

    private static long pid(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT pg_backend_pid()"); ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long longValue(Connection c, String sql, long param) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, param);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** A statement run in a test, and the SQL error it ended with (null when it succeeded). */
    @FunctionalInterface
    private interface Statement {
        void run() throws SQLException;
    }

    private static SQLException failureOf(Statement statement) {
        try {
            statement.run();
            return null;
        } catch (SQLException e) {
            return e;
        }
    }
}
