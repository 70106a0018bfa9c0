package io.envhub.registry.validation;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.DoublePredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The validation metrics appear on /q/metrics and move as jobs are queued, claimed and finished. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class ValidationMetricsTest {
    private static final String FINISHED_VERIFIED = "envhub_validation_jobs_finished_total{trustStatus=\"verified\"}";
    private static final String FINISHED_ERROR = "envhub_validation_jobs_finished_total{trustStatus=\"error\"}";
    private static final String DURATION_VERIFIED = "envhub_validation_duration_seconds_count{trustStatus=\"verified\"}";
    private static final String WAIT = "envhub_validation_queue_wait_seconds_count";
    private static final String QUEUED = "envhub_validation_queue_jobs{state=\"queued\"}";
    private static final String RUNNING = "envhub_validation_queue_jobs{state=\"running\"}";

    @Inject
    RegistryFixtures fixtures;
    @Inject
    QueueFixtures queue;

    @Test
    void metricsAppearAndMove() {
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("vm-" + run);
        String worker = "w-" + run;
        String before = metrics();
        for (String name : List.of(FINISHED_VERIFIED, FINISHED_ERROR, WAIT, QUEUED, RUNNING)) {
            assertTrue(value(before, name) >= 0, name + " is on /q/metrics from the start");
        }
        assertTrue(before.contains("# TYPE envhub_validation_queue_wait_seconds histogram"), "the wait is a histogram");
        double verified = value(before, FINISHED_VERIFIED);
        double waits = value(before, WAIT);

        // queue everything already there away, then one new job: the gauge shows it queued, then running
        queue.drain(validator, "drain-" + run);
        long job = queue.pushed(owner, "metrics-" + run, "public").job();
        awaitMetric(QUEUED, n -> n >= 1);
        queue.claimUntil(validator, worker, job);
        awaitMetric(QUEUED, n -> n == 0);
        awaitMetric(RUNNING, n -> n >= 1);
        assertTrue(value(metrics(), WAIT) >= waits + 1, "every claim records its wait");

        double durations = value(metrics(), DURATION_VERIFIED);
        Map<String, Object> report = TrustStatusTest.report("validated", true, List.of(), List.of());
        given().auth().oauth2(validator).contentType("application/json").body(Map.of("worker", worker, "report", report))
                .post(QueueFixtures.BASE + "/" + job + "/result").then().statusCode(200);
        String after = metrics();
        assertEquals(verified + 1, value(after, FINISHED_VERIFIED), "the finished counter moved by one, tagged verified");
        assertEquals(Math.max(durations, 0) + 1, value(after, DURATION_VERIFIED), "the duration histogram counted the job");
        assertTrue(after.contains("envhub_validation_duration_seconds_bucket{trustStatus=\"verified\",le="),
                "the duration is a histogram with buckets");
    }

    private static String metrics() {
        return given().auth().oauth2(Tokens.forUser("ada", "ada")).get("/q/metrics").then().statusCode(200).extract().asString();
    }

    /** The sample's value, or -1 when it is not on the page. */
    private static double value(String page, String sample) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(sample) + " ([0-9.eE+-]+)$").matcher(page);
        return m.find() ? Double.parseDouble(m.group(1)) : -1;
    }

    private static void awaitMetric(String sample, DoublePredicate wanted) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        double last = -1;
        while (System.nanoTime() < deadline) {
            last = value(metrics(), sample);
            if (wanted.test(last)) {
                return;
            }
            LockSupport.parkNanos(100_000_000L); // poll ten times a second until the deadline
        }
        throw new AssertionError(sample + " did not reach the expected value (last " + last + ")");
    }
}
