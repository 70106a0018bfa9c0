package io.envhub.stacktests;

import static io.restassured.RestAssured.given;

import io.envhub.testsupport.Tokens;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * A bounty's money through bounty-service's public API on a running stack, as the three demo users do it: ada (admin)
 * records a sponsor's transfer, sam (sponsor) drafts, opens and approves, alice (contributor) submits.
 */
final class BountyMoney {
    private BountyMoney() {
    }

    /** A request to bounty-service as a demo user (password = user name). */
    static RequestSpecification as(String user) {
        return given().baseUri(LocalStack.BOUNTY).auth().oauth2(Tokens.forUser(LocalStack.KEYCLOAK, user, user))
                .contentType(ContentType.JSON);
    }

    /**
     * ada funds sam with exactly the reward, sam drafts and opens an open-access bounty with two criteria and one award.
     *
     * @return the bounty's id
     */
    static long openBounty(String title, long rewardMinor) {
        long id = as("sam").body(Map.of("title", title, "domain", "finance", "description", "Drills that balance.",
                        "criteria", List.of("Every drill balances", "Partial credit"), "tier", "open_access",
                        "rewardMinor", rewardMinor, "currency", "USD", "maxAwards", 1,
                        "deadline", OffsetDateTime.now(ZoneOffset.UTC).plusDays(30).toString()))
                .post("/api/v1/bounties").then().statusCode(201).extract().jsonPath().getLong("id");
        as("ada").body(Map.of("sponsor", "sam", "amountMinor", rewardMinor, "currency", "USD",
                "reference", "WIRE-" + title.hashCode())).post("/api/v1/ledger/funding").then().statusCode(201);
        as("sam").post("/api/v1/bounties/{id}/open", id).then().statusCode(200);
        return id;
    }

    /** alice submits her version to the bounty; sam starts the review and approves with every criterion met. */
    static long submitAndApprove(long bountyId, String environment, String version) {
        long submission = as("alice").body(Map.of("environment", "alice/" + environment, "version", version))
                .post("/api/v1/bounties/{id}/submissions", bountyId).then().statusCode(201).extract().jsonPath()
                .getLong("id");
        as("sam").post("/api/v1/submissions/{s}/start-review", submission).then().statusCode(200);
        as("sam").body(Map.of("decision", "approve", "comment", "every drill balances", "checklist", List.of(true, true)))
                .post("/api/v1/submissions/{s}/reviews", submission).then().statusCode(200);
        return submission;
    }

    /** Every payout of one submission (admins' list, any status). */
    static List<Map<String, Object>> payoutsOf(long submission) {
        List<Map<String, Object>> all = as("ada").get("/api/v1/payouts").then().statusCode(200).extract().jsonPath()
                .getList("$");
        return all.stream().filter(p -> ((Number) p.get("submissionId")).longValue() == submission).toList();
    }

    /** ada confirms a payout with the payment's reference; returns the payout's status afterwards. */
    static String confirm(long payout, String reference) {
        return as("ada").body(Map.of("reference", reference)).post("/api/v1/payouts/{id}/confirm", payout).then()
                .statusCode(200).extract().path("status");
    }

    /** The ledger reconciliation (admins): whether every check passed. */
    static boolean reconciled() {
        return as("ada").get("/api/v1/ledger/reconciliation").then().statusCode(200).extract().path("balanced");
    }
}
