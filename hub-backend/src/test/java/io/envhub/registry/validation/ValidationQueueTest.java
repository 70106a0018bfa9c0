package io.envhub.registry.validation;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.format.hash.Sha256;
import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The internal queue API with the validator's real service-account token, against real PostgreSQL and S3. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class ValidationQueueTest {
    static final String BASE = "/internal/v1/validation";

    @Inject
    RegistryFixtures fixtures;
    @Inject
    QueueFixtures queue;
    @Inject
    EntityManager em;
    @Inject
    ObjectMapper json;

    String validator;
    String run;
    Owner owner;

    @BeforeEach
    void setUp() {
        validator = Tokens.forClient("package-validator", "dev-validator-secret");
        run = RegistryFixtures.run();
        owner = fixtures.owner("vq-" + run);
    }

    @Test
    void claimHandsOutTheJobWithAWorkingDownloadUrlAndMarksTheVersionValidating() throws Exception {
        long job = queue.pushed(owner, "claim-" + run, "public").job();
        JsonPath claimed = queue.claimUntil(validator, "w-a-" + run, job);
        assertEquals(owner.name, claimed.getString("owner"));
        assertEquals("claim-" + run, claimed.getString("name"));
        assertEquals("1.0.0", claimed.getString("version"));
        assertEquals(1, claimed.getInt("attempt"));
        HttpResponse<byte[]> wheel = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(claimed.getString("downloadUrl")))
                .build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, wheel.statusCode());
        assertEquals(claimed.getString("sha256"), Sha256.hex(Sha256.digest(wheel.body())));
        assertEquals(claimed.getLong("size"), wheel.body().length);
        Map<String, Object> row = queue.job(job);
        assertEquals("running", row.get("state"));
        assertEquals("w-a-" + run, row.get("lease_owner"));
        assertEquals(EnvironmentVersion.VALIDATING, row.get("version_status"));
    }

    @Test
    void onlyValidatorsMayUseTheQueue() {
        given().contentType("application/json").body(Map.of("worker", "x")).post(BASE + "/claim").then().statusCode(401);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).contentType("application/json").body(Map.of("worker", "x"))
                .post(BASE + "/claim").then().statusCode(403);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).contentType("application/json")
                .body(Map.of("worker", "x", "error", "e")).post(BASE + "/1/failure").then().statusCode(403);
        given().auth().oauth2(validator).contentType("application/json").body(Map.of("worker", ""))
                .post(BASE + "/claim").then().statusCode(400);
    }

    @Test
    void heartbeatExtendsOnlyTheHoldersLease() {
        long job = queue.pushed(owner, "beat-" + run, "public").job();
        queue.claimUntil(validator, "w-a-" + run, job);
        queue.expireLeaseIn(job, 5);
        given().auth().oauth2(validator).contentType("application/json").body(Map.of("worker", "w-a-" + run))
                .post(BASE + "/" + job + "/heartbeat").then().statusCode(200).body("jobId", equalTo((int) job));
        assertTrue(queue.leaseSecondsLeft(job) > 60, "lease extended to the configured 120 s");
        given().auth().oauth2(validator).contentType("application/json").body(Map.of("worker", "w-b-" + run))
                .post(BASE + "/" + job + "/heartbeat").then().statusCode(409)
                .body("type", equalTo("https://envhub.dev/problems/lease-lost"));
        given().auth().oauth2(validator).contentType("application/json").body(Map.of("worker", "w-a-" + run))
                .post(BASE + "/999999999/heartbeat").then().statusCode(404);
    }

    @Test
    void resultIsRecordedOnceByTheLeaseHolder() {
        QueueFixtures.Pushed pushed = queue.pushed(owner, "once-" + run, "public");
        long job = pushed.job();
        queue.claimUntil(validator, "w-a-" + run, job);
        Map<String, Object> report = QueueFixtures.report("validated", null);
        post(job, "result", Map.of("worker", "w-b-" + run, "report", report)).then().statusCode(409);
        post(job, "result", Map.of("worker", "w-a-" + run, "report", report)).then().statusCode(200)
                .body("state", equalTo("done")).body("versionStatus", equalTo("validated"));
        Map<String, Object> first = queue.job(job);
        assertEquals("done", first.get("state"));
        assertEquals(EnvironmentVersion.VALIDATED, first.get("version_status"));
        Object recordedAt = queue.reportCreatedAt(pushed.versionId());

        // the same worker repeating the same result: 200, nothing changes
        post(job, "result", Map.of("worker", "w-a-" + run, "report", report)).then().statusCode(200).body("state", equalTo("done"));
        assertEquals(recordedAt, queue.reportCreatedAt(pushed.versionId()));
        // a different result, or another worker, after the result: 409
        post(job, "result", Map.of("worker", "w-a-" + run, "report", QueueFixtures.report("failed", null))).then().statusCode(409)
                .body("type", equalTo("https://envhub.dev/problems/already-recorded"));
        post(job, "result", Map.of("worker", "w-b-" + run, "report", report)).then().statusCode(409);
        post(job, "failure", Map.of("worker", "w-a-" + run, "error", "late")).then().statusCode(409);
        assertEquals(EnvironmentVersion.VALIDATED, queue.job(job).get("version_status"));
        given().get("/api/v1/environments/" + owner.name + "/once-" + run + "/versions/1.0.0").then().statusCode(200)
                .body("status", org.hamcrest.Matchers.nullValue())
                .body("trustStatus", org.hamcrest.Matchers.in(io.envhub.contract.TrustStatus.passedWires()));
        post(job, "result", Map.of("worker", "w-a-" + run, "report", Map.of("status", "great"))).then().statusCode(400);
    }

    @Test
    void aFailedReportMarksTheVersionFailed() {
        long job = queue.pushed(owner, "bad-" + run, "public").job();
        queue.claimUntil(validator, "w-a-" + run, job);
        post(job, "result", Map.of("worker", "w-a-" + run, "report", QueueFixtures.report("failed", null))).then().statusCode(200);
        assertEquals(EnvironmentVersion.FAILED, queue.job(job).get("version_status"));
    }

    @Test
    void expiredLeaseIsClaimedByAnotherWorkerAndTheStaleResultIsRefused() {
        QueueFixtures.Pushed pushed = queue.pushed(owner, "stale-" + run, "public");
        long job = pushed.job();
        queue.claimUntil(validator, "w-slow-" + run, job);
        queue.expireLeaseIn(job, -1);
        JsonPath again = queue.claimUntil(validator, "w-fast-" + run, job);
        assertEquals(2, again.getInt("attempt"));
        post(job, "heartbeat", Map.of("worker", "w-slow-" + run)).then().statusCode(409);
        post(job, "result", Map.of("worker", "w-slow-" + run, "report", QueueFixtures.report("failed", null))).then().statusCode(409)
                .body("type", equalTo("https://envhub.dev/problems/lease-lost"));
        post(job, "result", Map.of("worker", "w-fast-" + run, "report", QueueFixtures.report("validated", null))).then().statusCode(200);
        assertEquals(EnvironmentVersion.VALIDATED, queue.job(job).get("version_status"));
        assertEquals(1L, queue.reportCount(pushed.versionId()));
    }

    @Test
    void infrastructureFailuresAreRetriedThreeTimesThenError() {
        long job = queue.pushed(owner, "flaky-" + run, "public").job();
        for (int attempt = 1; attempt <= 3; attempt++) {
            JsonPath claimed = queue.claimUntil(validator, "w-" + attempt + "-" + run, job);
            assertEquals(attempt, claimed.getInt("attempt"));
            Response r = post(job, "failure", Map.of("worker", "w-" + attempt + "-" + run, "error", "disk full " + attempt));
            r.then().statusCode(200).body("attempts", equalTo(attempt));
            Map<String, Object> row = queue.job(job);
            if (attempt < 3) {
                assertEquals("queued", row.get("state"));
                assertEquals(EnvironmentVersion.PENDING, row.get("version_status"));
                assertEquals(null, row.get("lease_owner"));
            } else {
                assertEquals("error", row.get("state"));
                assertEquals(EnvironmentVersion.ERROR, row.get("version_status"));
            }
            assertEquals("disk full " + attempt, row.get("last_error"));
        }
        assertFalse(queue.drain(validator, "w-after-" + run).contains(job), "an error job is not handed out again");
    }

    @Test
    void aLastAttemptWhoseLeaseExpiresEndsInError() {
        long job = queue.pushed(owner, "lost-" + run, "public").job();
        for (int attempt = 1; attempt <= 3; attempt++) {
            queue.claimUntil(validator, "w-dies-" + attempt + "-" + run, job);
            queue.expireLeaseIn(job, -1);
        }
        assertFalse(queue.drain(validator, "w-next-" + run).contains(job));
        Map<String, Object> row = queue.job(job);
        assertEquals("error", row.get("state"));
        assertEquals(3, ((Number) row.get("attempts")).intValue());
        assertEquals(EnvironmentVersion.ERROR, row.get("version_status"));
        assertTrue(String.valueOf(row.get("last_error")).contains("lease"));
    }

    @Test
    void twoConcurrentWorkersClaimEachJobOnce() throws Exception {
        Set<Long> mine = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            mine.add(queue.pushed(owner, "many-" + i + "-" + run, "public").job());
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Callable<List<Long>>> workers = new ArrayList<>();
            for (String w : List.of("w-one-" + run, "w-two-" + run)) {
                workers.add(() -> queue.drain(validator, w));
            }
            List<Long> all = new ArrayList<>();
            List<List<Long>> each = new ArrayList<>();
            for (Future<List<Long>> f : pool.invokeAll(workers)) {
                each.add(f.get());
                all.addAll(f.get());
            }
            for (long job : mine) {
                assertEquals(1, Collections.frequency(all, job), "job " + job + " claimed exactly once");
                assertEquals("running", queue.job(job).get("state"));
                assertEquals(1, ((Number) queue.job(job).get("attempts")).intValue());
            }
            assertNotEquals(0, each.get(0).size() + each.get(1).size());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void reportIsPublicForPublicEnvironmentsAndHiddenForPrivateOnes() {
        QueueFixtures.Pushed open = queue.pushed(owner, "open-" + run, "public");
        QueueFixtures.Pushed hidden = queue.pushed(owner, "hidden-" + run, "private");
        String openUrl = "/api/v1/environments/" + owner.name + "/open-" + run + "/versions/1.0.0/report";
        given().get(openUrl).then().statusCode(404);
        for (QueueFixtures.Pushed p : List.of(open, hidden)) {
            queue.claimUntil(validator, "w-r-" + run, p.job());
            post(p.job(), "result", Map.of("worker", "w-r-" + run, "report", QueueFixtures.report("validated", null))).then()
                    .statusCode(200);
        }
        given().get(openUrl).then().statusCode(200).body("status", equalTo("validated")).body("checks.size()", equalTo(1));
        given().get("/api/v1/environments/" + owner.name + "/open-" + run + "/versions/1.0/report").then().statusCode(200);
        String hiddenUrl = "/api/v1/environments/" + owner.name + "/hidden-" + run + "/versions/1.0.0/report";
        given().get(hiddenUrl).then().statusCode(404);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get(hiddenUrl).then().statusCode(404);
        given().auth().oauth2(Tokens.forUser("ada", "ada")).get(hiddenUrl).then().statusCode(200);
    }

    @Test
    void overlappingDatasetsAreReportedAsContamination() throws Exception {
        List<String> rowsA = QueueFixtures.rows("a" + run, 100);
        List<String> rowsB = new ArrayList<>(rowsA.subList(0, 60));
        rowsB.addAll(QueueFixtures.rows("b" + run, 40));
        List<String> rowsC = QueueFixtures.rows("c" + run, 100);

        QueueFixtures.Pushed a = queue.pushed(owner, "source-" + run, "public");
        queue.claimUntil(validator, "w-c-" + run, a.job());
        post(a.job(), "result", Map.of("worker", "w-c-" + run, "report", QueueFixtures.report("validated", rowsA))).then().statusCode(200);

        Owner other = fixtures.owner("vq2-" + run);
        QueueFixtures.Pushed b = queue.pushed(other, "copy-" + run, "public");
        queue.claimUntil(validator, "w-c-" + run, b.job());
        post(b.job(), "result", Map.of("worker", "w-c-" + run, "report", QueueFixtures.report("validated", rowsB))).then().statusCode(200);
        QueueFixtures.Pushed c = queue.pushed(other, "fresh-" + run, "public");
        queue.claimUntil(validator, "w-c-" + run, c.job());
        post(c.job(), "result", Map.of("worker", "w-c-" + run, "report", QueueFixtures.report("validated", rowsC))).then().statusCode(200);

        JsonPath reportB = given().get("/api/v1/environments/" + other.name + "/copy-" + run + "/versions/1.0.0/report").then()
                .statusCode(200).extract().jsonPath();
        assertEquals(1, reportB.getList("trust.contamination").size(), reportB.prettify());
        assertEquals(owner.name, reportB.getString("trust.contamination[0].owner"));
        assertEquals("source-" + run, reportB.getString("trust.contamination[0].name"));
        assertEquals("1.0.0", reportB.getString("trust.contamination[0].version"));
        assertEquals(0.6, reportB.getDouble("trust.contamination[0].overlap"), 0.05);
        assertTrue(reportB.getList("trust.flags").isEmpty(), "the worker's own trust fields are kept");
        JsonPath reportC = given().get("/api/v1/environments/" + other.name + "/fresh-" + run + "/versions/1.0.0/report").then()
                .statusCode(200).extract().jsonPath();
        assertTrue(reportC.getList("trust.contamination").isEmpty(), reportC.prettify());
    }

    private Response post(long job, String what, Map<String, Object> body) {
        return given().auth().oauth2(validator).contentType("application/json").body(body).post(BASE + "/" + job + "/" + what);
    }
}
