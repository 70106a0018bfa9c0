package io.envhub.bounty;

import static io.envhub.bounty.Api.PROBLEM;
import static io.envhub.bounty.Api.as;
import static io.envhub.bounty.Api.review;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.bounty.Hub.Outcome;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Reviews: changes requested, resubmission, approval (idempotent, re-checked), who may review and who sees reviews. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class ReviewTest {
    private static final String REVIEWS = "/api/v1/submissions/{s}/reviews";

    @Inject
    Db db;

    @BeforeAll
    static void users() {
        Tokens.ensureUser("bob");
    }

    @Test
    void changesRequestedThenResubmittedThenApprovedOnce() {
        long id = Api.open("sam", "open_access", 1);
        String u = Hub.unique();
        Hub.publish("alice", "rev-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        long sub = Api.submit(id, "alice", "rev-" + u, "1.0.0");

        as("alice").body(review("approve")).post(REVIEWS, sub).then().statusCode(403);
        as("bob").body(review("approve")).post(REVIEWS, sub).then().statusCode(403);
        as("sam").body("{\"decision\":\"approve\",\"checklist\":[true]}").post(REVIEWS, sub).then().statusCode(400)
                .body("type", equalTo(PROBLEM + "invalid-checklist"));
        as("sam").body(review("request_changes")).post(REVIEWS, sub).then().statusCode(200)
                .body("status", equalTo("changes_requested")).body("reviews", hasSize(1))
                .body("reviews[0].checklist.met", contains(true, false))
                .body("reviews[0].checklist.criterion", contains("Dataset has 100 rows", "Rewards are deterministic"))
                .body("reviews[0].reviewer", equalTo("sam")).body("reviews[0].versionNumber", equalTo(1));

        // a review in progress: the submitter, the sponsor and admins see it; nobody else
        as("alice").get("/api/v1/submissions/{s}", sub).then().body("reviews", hasSize(1))
                .body("allowedActions", contains("resubmit", "withdraw"));
        as("ada").get("/api/v1/submissions/{s}", sub).then().body("reviews", hasSize(1));
        as("bob").get("/api/v1/submissions/{s}", sub).then().statusCode(200).body("reviews", hasSize(0));
        given().get("/api/v1/bounties/{id}/submissions", id).then().body("[0].reviews", hasSize(0));

        as("sam").body(review("approve")).post(REVIEWS, sub).then().statusCode(409)
                .body("detail", equalTo("Cannot approve: the submission is changes_requested; allowed actions: resubmit, withdraw."));
        as("bob").body("{\"version\":\"1.1.0\"}").post("/api/v1/submissions/{s}/versions", sub).then().statusCode(403);
        String sha2 = Hub.publish("alice", "rev-" + u, "1.1.0", Outcome.RUNTIME_VERIFIED);
        as("alice").body("{\"version\":\"1.1.0\"}").post("/api/v1/submissions/{s}/versions", sub).then().statusCode(200)
                .body("status", equalTo("submitted")).body("version", equalTo("1.1.0")).body("sha256", equalTo(sha2))
                .body("versions.version", contains("1.0.0", "1.1.0")).body("versions.number", contains(1, 2));
        as("sam").post("/api/v1/submissions/{s}/start-review", sub).then().statusCode(200).body("status", equalTo("in_review"));

        Response first = as("sam").body(review("approve")).post(REVIEWS, sub);
        first.then().statusCode(200).body("status", equalTo("approved")).body("reviews.decision",
                contains("request_changes", "approve")).body("reviews[1].versionNumber", equalTo(2));
        Response again = as("sam").body(review("approve")).post(REVIEWS, sub);
        again.then().statusCode(200);
        assertEquals(first.jsonPath().getString("status"), again.jsonPath().getString("status"));
        assertEquals(first.jsonPath().getList("reviews.id"), again.jsonPath().getList("reviews.id"), "the same answer");
        assertEquals(1, db.count("SELECT count(*) FROM bounty.reviews WHERE submission_id = ?1 AND decision = 'approve'", sub));

        // decided: now everyone sees the reviews; the bounty shows its award and, with max awards 1, is awarded
        as("bob").get("/api/v1/submissions/{s}", sub).then().body("reviews", hasSize(2));
        given().get("/api/v1/bounties/{id}", id).then().body("status", equalTo("awarded")).body("awardsGiven", equalTo(1))
                .body("awardsLeft", equalTo(0)).body("awarded[0].submissionId", equalTo((int) sub))
                .body("awarded[0].environment", equalTo("alice/rev-" + u)).body("awarded[0].version", equalTo("1.1.0"))
                .body("awarded[0].sha256", equalTo(sha2));
        given().get("/api/v1/submissions?environment=alice/rev-" + u + "&status=approved").then().statusCode(200)
                .body("id", contains((int) sub)).body("bountyTitle[0]", equalTo(given().get("/api/v1/bounties/{id}", id)
                        .jsonPath().getString("title"))).body("version[0]", equalTo("1.1.0"));
        given().get("/api/v1/submissions?environment=alice/other-" + u).then().statusCode(200).body("", hasSize(0));
        given().get("/api/v1/submissions?status=approved").then().statusCode(400)
                .body("type", equalTo(PROBLEM + "invalid-environment"));
        as("ada").get("/api/v1/bounties/{id}/audit", id).then().body("action",
                contains("create", "open", "submit", "request_changes", "resubmit", "start_review", "approve", "award_last"));
    }

    @Test
    void approvalRechecksTheVersionOnTheHub() {
        long id = Api.open("sam", "open_access", 3);
        String u = Hub.unique();
        Hub.publish("alice", "gone-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        long yanked = Api.submit(id, "alice", "gone-" + u, "1.0.0");
        Hub.yank("alice", "gone-" + u, "1.0.0");
        as("sam").body(review("approve")).post(REVIEWS, yanked).then().statusCode(409)
                .body("type", equalTo(PROBLEM + "version-yanked"));
        Hub.publish("bob", "del-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        long deleted = Api.submit(id, "bob", "del-" + u, "1.0.0");
        Hub.delete("bob", "del-" + u, "1.0.0");
        as("sam").body(review("approve")).post(REVIEWS, deleted).then().statusCode(409)
                .body("type", equalTo(PROBLEM + "version-not-found"));
        given().get("/api/v1/bounties/{id}", id).then().body("awardsGiven", equalTo(0));
        assertEquals(0, db.count("SELECT count(*) FROM bounty.reviews WHERE submission_id IN (?1, ?2)", yanked, deleted));
        as("sam").body(review("reject")).post(REVIEWS, deleted).then().statusCode(200).body("status", equalTo("rejected"));
    }

    @Test
    void aVersionQuarantinedAfterSubmissionIsNeitherApprovedNorPaidFor() {
        // a currency no other test uses: the ledger in it changes only through this test
        String currency = "PLN";
        long id = as("sam").body(Api.bountyBody("Quarantine " + Hub.unique(), "medicine", "open_access", 15_000, 1,
                List.of("Dataset has 100 rows", "Rewards are deterministic")).replace("\"USD\"", "\"" + currency + "\""))
                .post("/api/v1/bounties").then().statusCode(201).extract().jsonPath().getLong("id");
        Api.fund("sam", 15_000, currency);
        as("sam").post("/api/v1/bounties/{id}/open", id).then().statusCode(200);
        String u = Hub.unique();
        Hub.publish("alice", "quar-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        long sub = Api.submit(id, "alice", "quar-" + u, "1.0.0");
        as("sam").post("/api/v1/submissions/{s}/start-review", sub).then().statusCode(200);
        Hub.quarantine("alice", "quar-" + u, "1.0.0", "Held for review.");

        List<String> entries = ledgerEntries(currency);
        List<String> balances = ledgerBalances(currency);
        String sponsor = sponsorMoney(currency, id);
        assertTrue(balances.contains("escrow:bounty:" + id + " 15000"), "the reward is in escrow: " + balances);
        as("sam").body(review("approve")).post(REVIEWS, sub).then().statusCode(409).contentType("application/problem+json")
                .body("type", equalTo(PROBLEM + "version-quarantined"))
                .body("detail", equalTo("alice/quar-" + u + "@1.0.0 is quarantined by the hub's moderators: Held for review; "
                        + "it cannot be submitted or approved."));
        assertEquals(entries, ledgerEntries(currency), "no ledger entry was posted");
        assertEquals(balances, ledgerBalances(currency), "no balance moved");
        assertEquals(sponsor, sponsorMoney(currency, id), "the sponsor's available money and escrow are as they were");
        assertEquals(0, db.count("SELECT count(*) FROM bounty.payouts WHERE submission_id = ?1", sub), "no payout");
        assertEquals(0, db.count("SELECT count(*) FROM bounty.reviews WHERE submission_id = ?1", sub), "no review recorded");
        as("sam").get("/api/v1/submissions/{s}", sub).then().body("status", equalTo("in_review"));
        given().get("/api/v1/bounties/{id}", id).then().body("status", equalTo("open")).body("awardsGiven", equalTo(0));

        // the submitter cannot answer with another quarantined version either
        as("sam").body(review("request_changes")).post(REVIEWS, sub).then().statusCode(200)
                .body("status", equalTo("changes_requested"));
        Hub.publish("alice", "quar-" + u, "1.1.0", Outcome.RUNTIME_VERIFIED);
        Hub.quarantine("alice", "quar-" + u, "1.1.0", "Still held.");
        as("alice").body("{\"version\":\"1.1.0\"}").post("/api/v1/submissions/{s}/versions", sub).then().statusCode(409)
                .body("type", equalTo(PROBLEM + "version-quarantined"));
        as("alice").get("/api/v1/submissions/{s}", sub).then().body("status", equalTo("changes_requested"))
                .body("versions.version", contains("1.0.0"));
        assertEquals(entries, ledgerEntries(currency));
    }

    private List<String> ledgerEntries(String currency) {
        return db.texts("SELECT t.id || ' ' || t.kind || ' ' || a.name || ' ' || e.amount_minor FROM bounty.ledger_entries e "
                + "JOIN bounty.ledger_transactions t ON t.id = e.transaction_id JOIN bounty.ledger_accounts a ON a.id = e.account_id "
                + "WHERE e.currency = ?1 ORDER BY e.id", currency);
    }

    private List<String> ledgerBalances(String currency) {
        return db.texts("SELECT a.name || ' ' || COALESCE(sum(e.amount_minor), 0) FROM bounty.ledger_accounts a "
                + "LEFT JOIN bounty.ledger_entries e ON e.account_id = a.id WHERE a.currency = ?1 GROUP BY a.name ORDER BY a.name",
                currency);
    }

    /** sam's available money in {@code currency} and the escrow of bounty {@code id}, as sam's balance page shows them. */
    private static String sponsorMoney(String currency, long id) {
        var balance = as("sam").get("/api/v1/sponsors/me/balance").then().statusCode(200).extract().jsonPath();
        return balance.getString("balances.findAll { it.currency == '" + currency + "' }") + " "
                + balance.getString("escrow.findAll { it.bountyId == " + id + " }");
    }

    @Test
    void nobodyReviewsTheirOwnSubmission() {
        long id = Api.open("sam", "open_access", 1);
        String u = Hub.unique();
        Hub.publish("ada", "own-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        long sub = Api.submit(id, "ada", "own-" + u, "1.0.0");
        as("ada").body(review("approve")).post(REVIEWS, sub).then().statusCode(403)
                .body("type", equalTo(PROBLEM + "self-dealing"));
        as("ada").post("/api/v1/submissions/{s}/start-review", sub).then().statusCode(403);
        as("sam").body("{\"decision\":\"ship-it\",\"checklist\":[true,true]}").post(REVIEWS, sub).then().statusCode(400)
                .body("type", equalTo(PROBLEM + "invalid-decision"));
        as("sam").body(review("approve")).post(REVIEWS, sub).then().statusCode(200).body("status", equalTo("approved"));
    }
}
