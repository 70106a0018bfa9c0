package io.envhub.bounty.money;

import static io.envhub.bounty.Api.as;

import io.envhub.bounty.Api;
import io.envhub.bounty.Hub;
import io.restassured.response.Response;
import java.util.List;

/** Money-test helpers: bounties in a given currency (each test class uses its own, so balances start at zero). */
final class Money {
    private Money() {
    }

    /** A draft by sam in {@code currency}; returns its id. */
    static long draft(String currency, long reward, int maxAwards, String tier) {
        String body = Api.bountyBody("Money " + Hub.unique(), "finance", tier, reward, maxAwards,
                List.of("Works", "Is tested")).replace("\"USD\"", "\"" + currency + "\"");
        return as("sam").body(body).post("/api/v1/bounties").then().statusCode(201).extract().jsonPath().getLong("id");
    }

    /** Opens as sam (no funding added). */
    static Response open(long id) {
        return as("sam").post("/api/v1/bounties/{id}/open", id);
    }

    /** sam's available balance in {@code currency} (0 when none). */
    static long available(String currency) {
        List<Object> rows = as("sam").get("/api/v1/sponsors/me/balance").then().statusCode(200).extract().jsonPath()
                .getList("balances.findAll { it.currency == '" + currency + "' }.availableMinor");
        return rows.isEmpty() ? 0 : ((Number) rows.get(0)).longValue();
    }

    /** sam's escrow on one bounty. */
    static long escrow(long bountyId) {
        List<Object> rows = as("sam").get("/api/v1/sponsors/me/balance").then().statusCode(200).extract().jsonPath()
                .getList("escrow.findAll { it.bountyId == " + bountyId + " }.escrowMinor");
        return rows.isEmpty() ? 0 : ((Number) rows.get(0)).longValue();
    }

    /** Approves a submission as sam. */
    static Response approve(long submission) {
        return as("sam").body(Api.review("approve")).post("/api/v1/submissions/{s}/reviews", submission);
    }

    /** The id of a submission's payout, as admins see it. */
    static long payoutOf(long submission) {
        return as("ada").get("/api/v1/payouts").then().statusCode(200).extract().jsonPath()
                .getLong("find { it.submissionId == " + submission + " }.id");
    }

    /** Whether the reconciliation is balanced (asserting 200). */
    static Response reconciliation() {
        return as("ada").get("/api/v1/ledger/reconciliation");
    }
}
