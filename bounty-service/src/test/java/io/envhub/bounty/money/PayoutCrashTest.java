package io.envhub.bounty.money;

import static io.envhub.bounty.Api.as;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.bounty.Api;
import io.envhub.bounty.Db;
import io.envhub.bounty.Hub;
import io.envhub.bounty.Hub.Outcome;
import io.envhub.bounty.HubBackendTestResource;
import io.envhub.bounty.payout.PayoutWorker;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The payout worker killed between each pair of its steps (a fault thrown by the test hook, leaving what a crashed
 * process leaves: committed steps stay, the rest is lost), then restarted after its lease ran out: every payout ends
 * confirmed, the idempotent bank moved its money exactly once, and the ledger posted it exactly once.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class PayoutCrashTest {
    private static String env;

    @Inject
    PayoutWorker worker;
    @Inject
    Db db;
    @Inject
    EntityManager em;

    /** A simulated crash. */
    static final class Crash extends RuntimeException {
        Crash(String step) {
            super("crash at " + step);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"claimed", "sent-to-provider", "marked-sent", "confirmed-by-provider"})
    void aCrashAtAnyStepNeitherPaysTwiceNorLosesThePayout(String step) {
        Api.fund("sam", 7_000, "GBP");
        long bounty = Money.draft("GBP", 7_000, 1, "open_access");
        Money.open(bounty).then().statusCode(200);
        long sub = Api.submit(bounty, "alice", env(), "1.0.0");
        Money.approve(sub).then().statusCode(200);
        long payout = Money.payoutOf(sub);
        FakeBank bank = new FakeBank();

        Crash crash = assertThrows(Crash.class, () -> worker.run(bank, (at, id) -> {
            if (at.equals(step) && id == payout) {
                throw new Crash(at);
            }
        }));
        assertEquals("crash at " + step, crash.getMessage());
        String afterCrash = status(payout);
        assertTrue(List.of("pending", "sent").contains(afterCrash), afterCrash);
        assertEquals(0, db.count("SELECT count(*) FROM bounty.ledger_transactions WHERE kind = 'payout' AND submission_id = ?1",
                sub), "nothing posted as paid before confirmation");
        as("alice").get("/api/v1/me/earnings").then().body("awards.find { it.payoutId == " + payout + " }.paid", equalTo(false));

        // a restarted worker, right away: a leased payout is not taken twice while its lease runs
        worker.run(bank, PayoutWorker.Faults.NONE);
        // ... and once the lease has run out
        leaseRunsOut();
        worker.run(bank, PayoutWorker.Faults.NONE);
        worker.run(bank, PayoutWorker.Faults.NONE);

        assertEquals("confirmed", status(payout));
        assertEquals(1, bank.transfersFor(payout), "one transfer: " + bank.calls);
        assertEquals(7_000, bank.paidFor(payout));
        assertEquals(1, db.count("SELECT count(*) FROM bounty.ledger_transactions WHERE kind = 'payout' AND submission_id = ?1",
                sub));
        assertEquals(1, db.count("SELECT count(*) FROM bounty.payouts WHERE id = ?1 AND external_reference LIKE 'tr_%'", payout));
        as("alice").get("/api/v1/me/earnings").then().body("awards.find { it.payoutId == " + payout + " }.paid", equalTo(true));
        Money.reconciliation().then().statusCode(200).body("balanced", equalTo(true));
    }

    private String status(long payout) {
        return as("ada").get("/api/v1/payouts/{p}", payout).then().statusCode(200).extract().jsonPath().getString("status");
    }

    private void leaseRunsOut() {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "UPDATE bounty.payouts SET lease_until = now() - interval '1 second' WHERE lease_until IS NOT NULL").executeUpdate());
    }

    private static String env() {
        if (env == null) {
            env = "crash-" + Hub.unique();
            Hub.publish("alice", env, "1.0.0", Outcome.RUNTIME_VERIFIED);
        }
        return env;
    }
}
