package io.envhub.bounty;

import static io.envhub.bounty.Api.PROBLEM;
import static io.envhub.bounty.Api.review;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.bounty.Hub.Outcome;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Max awards are never exceeded: ten approvals of ten submissions race for the one award of a bounty. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class ConcurrentApprovalTest {
    private static final int RACERS = 10;

    @Inject
    Db db;

    @Test
    void tenRacingApprovalsGiveExactlyOneAward() throws Exception {
        long id = Api.open("sam", "open_access", 1);
        String u = Hub.unique();
        List<Long> submissions = new ArrayList<>();
        for (int i = 0; i < RACERS; i++) {
            String user = "racer" + i;
            Tokens.ensureUser(user);
            Hub.publish(user, "race-" + u + "-" + i, "1.0.0", Outcome.RUNTIME_VERIFIED);
            submissions.add(Api.submit(id, user, "race-" + u + "-" + i, "1.0.0"));
        }
        String token = Tokens.forUser("sam", "sam");
        ExecutorService pool = Executors.newFixedThreadPool(RACERS);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Response>> answers = new ArrayList<>();
        for (long sub : submissions) {
            answers.add(pool.submit(() -> {
                start.await();
                return given().auth().oauth2(token).contentType(ContentType.JSON).body(review("approve"))
                        .post("/api/v1/submissions/{s}/reviews", sub);
            }));
        }
        start.countDown();
        int approved = 0;
        int fullyAwarded = 0;
        for (Future<Response> f : answers) {
            Response r = f.get(120, TimeUnit.SECONDS);
            if (r.statusCode() == 200) {
                assertEquals("approved", r.jsonPath().getString("status"));
                approved++;
            } else {
                assertEquals(409, r.statusCode(), r.asString());
                assertEquals(PROBLEM + "bounty-fully-awarded", r.jsonPath().getString("type"));
                fullyAwarded++;
            }
        }
        pool.shutdown();
        assertEquals(1, approved, "exactly one approval wins");
        assertEquals(RACERS - 1, fullyAwarded);
        assertEquals(1, db.count("SELECT count(*) FROM bounty.submissions WHERE bounty_id = ?1 AND status = 'approved'", id));
        assertEquals(1, db.count("SELECT count(*) FROM bounty.reviews r JOIN bounty.submissions s ON s.id = r.submission_id"
                + " WHERE s.bounty_id = ?1 AND r.decision = 'approve'", id));
        assertEquals(1, db.count("SELECT awards_given FROM bounty.bounties WHERE id = ?1 AND status = 'awarded'", id));
    }
}
