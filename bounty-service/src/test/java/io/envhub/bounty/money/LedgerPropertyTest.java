package io.envhub.bounty.money;

import static io.envhub.bounty.Api.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.bounty.Api;
import io.envhub.bounty.Db;
import io.envhub.bounty.Hub;
import io.envhub.bounty.Hub.Outcome;
import io.envhub.bounty.HubBackendTestResource;
import io.envhub.bounty.reconciliation.Reconciliation;
import io.envhub.bounty.reconciliation.ReconciliationService;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Property: whatever random sequence of fund / open / apply / submit / approve / reject / cancel / payout-confirm /
 * payout-fail (and retry) several concurrent actors run through the public API, after every step the ledger reconciles
 * (balanced, escrow = obligations, payable/paid = payouts), no bounty exceeds its max awards, and no submission is paid
 * twice; and no call ever answers 5xx. Seeded random generators (jqwik cannot drive a @QuarkusTest: it is its own JUnit
 * engine, outside Quarkus' test extension); a failure prints its seed. {@code -Denvhub.test.sequences=N} runs more.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class LedgerPropertyTest {
    private static final String CURRENCY = "SEK";
    private static final int THREADS = 3;
    private static final int STEPS = 12;
    private static final List<String> OPS = List.of("fund", "open", "open", "apply", "submit", "submit", "submit", "approve",
            "approve", "reject", "cancel", "confirm", "confirm", "fail", "retry");

    @Inject
    ReconciliationService reconciliation;
    @Inject
    Db db;

    private final List<String> contributors = new ArrayList<>();
    private final Map<String, String> envs = new ConcurrentHashMap<>();
    private final List<Long> openBounties = new CopyOnWriteArrayList<>();
    private final List<Long> submissions = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicInteger> outcomes = new ConcurrentHashMap<>();

    @Test
    void randomConcurrentSequencesKeepTheBooks() throws Exception {
        int sequences = Integer.getInteger("envhub.test.sequences", 20);
        long baseSeed = Long.getLong("envhub.test.seed", System.nanoTime());
        String u = Hub.unique();
        Money.draft(CURRENCY, 1, 1, "open_access");   // sam is known to the service (funding names sponsors that posted once)
        for (int i = 0; i < THREADS; i++) {
            String user = "prop" + i;
            Tokens.ensureUser(user);
            String env = "prop-" + u + "-" + i;
            Hub.publish(user, env, "1.0.0", Outcome.RUNTIME_VERIFIED);
            contributors.add(user);
            envs.put(user, env);
        }
        int steps = 0;
        for (int seq = 0; seq < sequences; seq++) {
            long seed = baseSeed + seq;
            ExecutorService pool = Executors.newFixedThreadPool(THREADS);
            List<Future<Integer>> actors = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                Random rnd = new Random(seed * 31 + t);
                String me = contributors.get(t);
                actors.add(pool.submit(() -> {
                    for (int s = 0; s < STEPS; s++) {
                        String op = OPS.get(rnd.nextInt(OPS.size()));
                        step(op, me, rnd);
                        invariants("seed " + seed + ", " + me + " after " + op);
                    }
                    return STEPS;
                }));
            }
            for (Future<Integer> f : actors) {
                steps += f.get(600, TimeUnit.SECONDS);
            }
            pool.shutdown();
        }
        invariants("end");
        System.out.printf("LedgerPropertyTest: %d sequences (seeds %d..%d) of %d concurrent actors x %d steps = %d steps; "
                + "outcomes %s%n", sequences, baseSeed, baseSeed + sequences - 1, THREADS, STEPS, steps, outcomes);
        assertTrue(outcomes.getOrDefault("approve 200", new AtomicInteger()).get() > 0, "some approvals happened: " + outcomes);
    }

    private void step(String op, String me, Random rnd) {
        Response r;
        switch (op) {
            case "fund" -> {
                Api.fund("sam", 1 + rnd.nextInt(40_000), CURRENCY);
                count("fund 201");
                return;
            }
            case "open" -> {
                long id = Money.draft(CURRENCY, 1 + rnd.nextInt(15_000), 1 + rnd.nextInt(3),
                        rnd.nextBoolean() ? "open_access" : "application_only");
                r = Money.open(id);
                if (r.statusCode() == 200) {
                    openBounties.add(id);
                }
                expect(op, r, 200, 409);
            }
            case "apply" -> {
                Long b = pick(openBounties, rnd);
                if (b == null) {
                    return;
                }
                r = as(me).body("{\"proposal\":\"I will\"}").post("/api/v1/bounties/{id}/applications", b);
                expect(op, r, 201, 400, 409);
                if (r.statusCode() == 201) {
                    expect("accept", as("sam").body("{\"decision\":\"accept\"}").post(
                            "/api/v1/bounties/{id}/applications/{a}/decision", b, r.jsonPath().getLong("id")), 200, 409);
                }
            }
            case "submit" -> {
                Long b = pick(openBounties, rnd);
                if (b == null) {
                    return;
                }
                r = as(me).body(Api.submitBody(me + "/" + envs.get(me), "1.0.0")).post("/api/v1/bounties/{id}/submissions", b);
                expect(op, r, 201, 403, 409);
                if (r.statusCode() == 201) {
                    submissions.add(r.jsonPath().getLong("id"));
                }
            }
            case "approve", "reject" -> {
                Long s = pick(submissions, rnd);
                if (s == null) {
                    return;
                }
                expect(op, as("sam").body(Api.review(op)).post("/api/v1/submissions/{s}/reviews", s), 200, 409);
            }
            case "cancel" -> {
                Long b = pick(openBounties, rnd);
                if (b == null) {
                    return;
                }
                expect(op, as("sam").post("/api/v1/bounties/{id}/" + (rnd.nextBoolean() ? "cancel" : "close"), b), 200, 409);
                openBounties.remove(b);
            }
            case "confirm", "fail", "retry" -> {
                List<Long> payouts = as("ada").get("/api/v1/payouts?status=" + ("retry".equals(op) ? "failed" : "pending"))
                        .then().statusCode(200).extract().jsonPath().getList("id", Long.class);
                Long p = pick(payouts, rnd);
                if (p == null) {
                    return;
                }
                r = switch (op) {
                    case "confirm" -> as("ada").body("{\"reference\":\"ref-" + p + "\"}").post("/api/v1/payouts/{p}/confirm", p);
                    case "fail" -> as("ada").body("{\"reason\":\"bounced\"}").post("/api/v1/payouts/{p}/fail", p);
                    default -> as("ada").post("/api/v1/payouts/{p}/retry", p);
                };
                expect(op, r, 200, 409);
            }
            default -> throw new IllegalStateException(op);
        }
    }

    private void invariants(String where) {
        Reconciliation r = reconciliation.run();
        assertTrue(r.balanced(), where + ": " + r.checks().stream().filter(c -> !c.passed()).toList());
        assertEquals(0, db.count("""
                SELECT count(*) FROM bounty.bounties b WHERE b.awards_given > b.max_awards
                    OR (SELECT count(*) FROM bounty.submissions s WHERE s.bounty_id = b.id AND s.status = 'approved') > b.max_awards
                """), where + ": max awards exceeded");
        assertEquals(0, db.count("""
                SELECT count(*) FROM (SELECT submission_id FROM bounty.ledger_transactions WHERE kind IN ('approve', 'payout')
                 GROUP BY submission_id, kind HAVING count(*) > 1) twice
                """), where + ": a submission was awarded or paid twice");
    }

    private void expect(String op, Response r, int... allowed) {
        for (int a : allowed) {
            if (r.statusCode() == a) {
                count(op + " " + a);
                return;
            }
        }
        throw new AssertionError(op + " answered " + r.statusCode() + ": " + r.asString());
    }

    private void count(String key) {
        outcomes.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
    }

    private static Long pick(List<Long> from, Random rnd) {
        List<Long> copy = List.copyOf(from);
        return copy.isEmpty() ? null : copy.get(rnd.nextInt(copy.size()));
    }
}
