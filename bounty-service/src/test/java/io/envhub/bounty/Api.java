package io.envhub.bounty;

import static io.restassured.RestAssured.given;

import io.envhub.testsupport.Tokens;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/** Calls the bounty API as demo users (alice: contributor, sam: sponsor, ada: admin; others made on demand). */
public final class Api {
    /** Problem type prefix. */
    public static final String PROBLEM = "https://envhub.dev/problems/";

    private Api() {
    }

    private static final java.util.Map<String, Object[]> TOKENS = new java.util.HashMap<>();

    /**
     * A request with the user's Keycloak token (password = user name). Tokens are reused for 60 s and fetched one at a
     * time: concurrent password logins of one user can fail in Keycloak (it re-hashes the stored credential on login).
     */
    public static RequestSpecification as(String user) {
        return given().auth().oauth2(token(user)).contentType(ContentType.JSON);
    }

    private static synchronized String token(String user) {
        Object[] cached = TOKENS.get(user);
        if (cached == null || System.nanoTime() - (long) cached[1] > 60_000_000_000L) {
            cached = new Object[] {Tokens.forUser(user, user), System.nanoTime()};
            TOKENS.put(user, cached);
        }
        return (String) cached[0];
    }

    /** A create body; {@code tier} open_access or application_only, deadline a month ahead. */
    public static String bountyBody(String title, String domain, String tier, long rewardMinor, int maxAwards, List<String> criteria) {
        StringBuilder c = new StringBuilder();
        for (String s : criteria) {
            c.append(c.length() == 0 ? "" : ",").append('"').append(s).append('"');
        }
        return "{\"title\":\"" + title + "\",\"domain\":\"" + domain + "\",\"description\":\"Build *this*.\",\"criteria\":["
                + c + "],\"tier\":\"" + tier + "\",\"rewardMinor\":" + rewardMinor + ",\"currency\":\"USD\",\"maxAwards\":"
                + maxAwards + ",\"deadline\":\"" + OffsetDateTime.now(ZoneOffset.UTC).plusDays(30) + "\"}";
    }

    /** A draft posted by {@code sponsor} with two criteria; returns its id. */
    public static long draft(String sponsor, String tier, int maxAwards) {
        return as(sponsor).body(bountyBody("Bounty " + Hub.unique(), "medicine", tier, 15_000, maxAwards,
                List.of("Dataset has 100 rows", "Rewards are deterministic"))).post("/api/v1/bounties").then().statusCode(201)
                .extract().jsonPath().getLong("id");
    }

    /** An open bounty posted by {@code sponsor} (funded by ada with exactly what opening it reserves); returns its id. */
    public static long open(String sponsor, String tier, int maxAwards) {
        long id = draft(sponsor, tier, maxAwards);
        fund(sponsor, 15_000L * maxAwards);
        as(sponsor).post("/api/v1/bounties/{id}/open", id).then().statusCode(200);
        return id;
    }

    /** ada (admin) records {@code amountMinor} USD received from {@code sponsor}; returns the funding transaction id. */
    public static long fund(String sponsor, long amountMinor) {
        return fund(sponsor, amountMinor, "USD");
    }

    /** ada (admin) records {@code amountMinor} in {@code currency} received from {@code sponsor}. */
    public static long fund(String sponsor, long amountMinor, String currency) {
        // funding needs a sponsor who has used the service once (404 otherwise): a test may fund before anything else
        as(sponsor).get("/api/v1/bounties/me").then().statusCode(200);
        return as("ada").body("{\"sponsor\":\"" + sponsor + "\",\"amountMinor\":" + amountMinor + ",\"currency\":\""
                + currency + "\",\"reference\":\"wire-" + Hub.unique() + "\"}").post("/api/v1/ledger/funding").then()
                .statusCode(201).extract().jsonPath().getLong("transactionId");
    }

    /** Applies as {@code user} and has {@code sponsor} accept; returns the application id. */
    public static long accepted(long bountyId, String user, String sponsor) {
        long app = as(user).body("{\"proposal\":\"I will build it.\"}").post("/api/v1/bounties/{id}/applications", bountyId)
                .then().statusCode(201).extract().jsonPath().getLong("id");
        as(sponsor).body("{\"decision\":\"accept\",\"comment\":\"welcome\"}")
                .post("/api/v1/bounties/{id}/applications/{app}/decision", bountyId, app).then().statusCode(200);
        return app;
    }

    /** Submits {@code user/name@version} as {@code user}; returns the submission id. */
    public static long submit(long bountyId, String user, String name, String version) {
        return as(user).body(submitBody(user + "/" + name, version)).post("/api/v1/bounties/{id}/submissions", bountyId).then()
                .statusCode(201).extract().jsonPath().getLong("id");
    }

    /** A submit body. */
    public static String submitBody(String environment, String version) {
        return "{\"environment\":\"" + environment + "\",\"version\":\"" + version + "\"}";
    }

    /** A review body for a bounty with two criteria. */
    public static String review(String decision) {
        return "{\"decision\":\"" + decision + "\",\"comment\":\"looked at it\",\"checklist\":[true,false]}";
    }
}
