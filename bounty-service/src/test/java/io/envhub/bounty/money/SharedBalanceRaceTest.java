package io.envhub.bounty.money;

import static io.envhub.bounty.Api.PROBLEM;
import static io.envhub.bounty.Api.review;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.bounty.Api;
import io.envhub.bounty.Db;
import io.envhub.bounty.Hub;
import io.envhub.bounty.Hub.Outcome;
import io.envhub.bounty.HubBackendTestResource;
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
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One sponsor balance (CHF), funded for 10 bounties: 20 bounties opened at once open exactly 10 (the others get
 * insufficient-balance, the balance ends at exactly 0, never below); then 20 simultaneous approvals (two submissions on
 * each of the 10 one-award bounties) give exactly 10 awards, each paid from its own escrow, and the books balance.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class SharedBalanceRaceTest {
    private static final int BOUNTIES = 20;
    private static final long REWARD = 12_345;

    @Inject
    Db db;

    @Test
    void twentySimultaneousOpensAndApprovalsNeverOverdraw() throws Exception {
        long start = Money.available("CHF");
        Api.fund("sam", REWARD * 10 - start, "CHF");   // exactly ten rewards, whatever was there
        List<Long> drafts = new ArrayList<>();
        for (int i = 0; i < BOUNTIES; i++) {
            drafts.add(Money.draft("CHF", REWARD, 1, "open_access"));
        }
        String sam = Tokens.forUser("sam", "sam");
        List<Response> opens = race(drafts.stream().<Callable<Response>>map(id -> () -> given().auth().oauth2(sam)
                .post("/api/v1/bounties/{id}/open", id)).toList());
        List<Long> open = new ArrayList<>();
        for (int i = 0; i < BOUNTIES; i++) {
            Response r = opens.get(i);
            if (r.statusCode() == 200) {
                open.add(drafts.get(i));
            } else {
                assertEquals(409, r.statusCode(), r.asString());
                assertEquals(PROBLEM + "insufficient-balance", r.jsonPath().getString("type"));
            }
        }
        assertEquals(10, open.size(), "exactly the funded number opens");
        assertEquals(0, Money.available("CHF"), "balance used exactly, never below zero");

        String u = Hub.unique();
        List<Long> submissions = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            String user = "payee" + k;
            Tokens.ensureUser(user);
            Hub.publish(user, "shared-" + u + "-" + k, "1.0.0", Outcome.RUNTIME_VERIFIED);
            for (long id : open) {
                submissions.add(Api.submit(id, user, "shared-" + u + "-" + k, "1.0.0"));
            }
        }
        List<Response> approvals = race(submissions.stream().<Callable<Response>>map(s -> () -> given().auth().oauth2(sam)
                .contentType(ContentType.JSON).body(review("approve")).post("/api/v1/submissions/{s}/reviews", s)).toList());
        int approved = 0;
        for (Response r : approvals) {
            if (r.statusCode() == 200) {
                approved++;
            } else {
                assertEquals(409, r.statusCode(), r.asString());
                assertEquals(PROBLEM + "bounty-fully-awarded", r.jsonPath().getString("type"));
            }
        }
        assertEquals(10, approved);
        for (long id : open) {
            assertEquals(0, Money.escrow(id));
            assertEquals(1, db.count("SELECT count(*) FROM bounty.payouts WHERE bounty_id = ?1", id));
        }
        assertEquals(10 * REWARD, db.count("SELECT COALESCE(sum(amount_minor), 0) FROM bounty.payouts p JOIN bounty.bounties b "
                + "ON b.id = p.bounty_id WHERE b.currency = 'CHF' AND p.bounty_id = ANY(CAST(?1 AS BIGINT[]))",
                open.stream().map(String::valueOf).reduce((a, b) -> a + "," + b).map(s -> "{" + s + "}").orElse("{}")));
        assertEquals(0, Money.available("CHF"));
        Money.reconciliation().then().statusCode(200).body("balanced", equalTo(true));
    }

    private static List<Response> race(List<Callable<Response>> calls) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(calls.size());
        CountDownLatch go = new CountDownLatch(1);
        List<Future<Response>> futures = new ArrayList<>();
        for (Callable<Response> c : calls) {
            futures.add(pool.submit(() -> {
                go.await();
                return c.call();
            }));
        }
        go.countDown();
        List<Response> out = new ArrayList<>();
        for (Future<Response> f : futures) {
            out.add(f.get(180, TimeUnit.SECONDS));
        }
        pool.shutdown();
        return out;
    }
}
