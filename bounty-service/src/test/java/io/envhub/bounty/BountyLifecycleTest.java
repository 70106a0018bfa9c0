package io.envhub.bounty;

import static io.envhub.bounty.Api.PROBLEM;
import static io.envhub.bounty.Api.as;
import static io.envhub.bounty.Api.bountyBody;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Bounties from draft to open, closed and cancelled; who may see and change them; the board's filters. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class BountyLifecycleTest {
    private static final List<String> CRITERIA = List.of("Dataset has 100 rows", "Rewards are deterministic");

    @Test
    void sponsorsPostDraftsThatOnlyTheyAndAdminsSee() {
        String body = bountyBody("Clinical triage " + Hub.unique(), "medicine", "application_only", 150_000, 2, CRITERIA);
        given().contentType(ContentType.JSON).body(body).post("/api/v1/bounties").then().statusCode(401)
                .contentType("application/problem+json");
        as("alice").body(body).post("/api/v1/bounties").then().statusCode(403).body("type", equalTo(PROBLEM + "forbidden"));
        long id = as("sam").body(body).post("/api/v1/bounties").then().statusCode(201)
                .header("Location", containsString("/api/v1/bounties/")).body("status", equalTo("draft"))
                .body("tier", equalTo("application_only")).body("rewardMinor", equalTo(150_000)).body("currency", equalTo("USD"))
                .body("maxAwards", equalTo(2)).body("awardsLeft", equalTo(2)).body("domain", equalTo("medicine"))
                .body("criteria", equalTo(CRITERIA)).body("sponsor", equalTo("sam")).body("deadline", notNullValue())
                .body("allowedActions", equalTo(List.of("edit", "open", "clarify", "cancel")))
                .extract().jsonPath().getLong("id");

        given().get("/api/v1/bounties/{id}", id).then().statusCode(404).contentType("application/problem+json");
        as("alice").get("/api/v1/bounties/{id}", id).then().statusCode(404);
        as("sam").get("/api/v1/bounties/{id}", id).then().statusCode(200).body("id", equalTo((int) id));
        as("ada").get("/api/v1/bounties/{id}", id).then().statusCode(200);
        given().get("/api/v1/bounties?size=100").then().statusCode(200).body("items.id", not(hasItem((int) id)));
        as("sam").get("/api/v1/bounties/me/bounties").then().statusCode(200).body("id", hasItem((int) id));
        as("alice").get("/api/v1/bounties/me/bounties").then().statusCode(200).body("id", not(hasItem((int) id)));
    }

    @Test
    void invalidDraftsAreRefusedNamingTheField() {
        String ok = bountyBody("T", "medicine", "open_access", 10_000, 1, CRITERIA);
        invalid(ok.replace("\"medicine\"", "\"astrology\""), "invalid-domain");
        invalid(ok.replace("\"open_access\"", "\"invite_only\""), "invalid-tier");
        invalid(ok.replace("10000", "0"), "invalid-reward");
        invalid(ok.replace("10000", "10000.5"), "invalid-json");
        invalid(ok.replace("\"USD\"", "\"usd\""), "invalid-currency");
        invalid(ok.replace("\"maxAwards\":1", "\"maxAwards\":0"), "invalid-max-awards");
        invalid(ok.replaceAll("\"deadline\":\"[^\"]+\"", "\"deadline\":\"2020-01-01T00:00:00Z\""), "invalid-deadline");
        invalid(ok.replaceAll("\"criteria\":\\[[^]]*]", "\"criteria\":[]"), "invalid-criteria");
        invalid(ok.replace("\"title\":\"T\"", "\"title\":\" \""), "invalid-title");
    }

    private static void invalid(String body, String type) {
        as("sam").body(body).post("/api/v1/bounties").then().statusCode(400).contentType("application/problem+json")
                .body("type", equalTo(PROBLEM + type));
    }

    @Test
    void draftsAreEditedThenTermsFreezeWhenOpen() {
        long id = Api.draft("sam", "open_access", 1);
        as("alice").body("{\"title\":\"mine now\"}").patch("/api/v1/bounties/{id}", id).then().statusCode(404);
        as("sam").body("{\"title\":\"Better title\",\"rewardMinor\":25000}").patch("/api/v1/bounties/{id}", id).then()
                .statusCode(200).body("title", equalTo("Better title")).body("rewardMinor", equalTo(25_000))
                .body("tier", equalTo("open_access"));
        as("ada").body("{\"maxAwards\":3}").patch("/api/v1/bounties/{id}", id).then().statusCode(200).body("maxAwards", equalTo(3));
        as("alice").post("/api/v1/bounties/{id}/open", id).then().statusCode(404);
        Api.fund("sam", 75_000);
        as("sam").post("/api/v1/bounties/{id}/open", id).then().statusCode(200).body("status", equalTo("open"))
                .body("openedAt", notNullValue());

        as("sam").body("{\"rewardMinor\":1}").patch("/api/v1/bounties/{id}", id).then().statusCode(409)
                .contentType("application/problem+json").body("type", equalTo(PROBLEM + "illegal-transition"))
                .body("detail", equalTo("Cannot edit: the bounty is open; allowed actions: clarify, apply, submit, review, close, "
                        + "cancel."));
        given().get("/api/v1/bounties/{id}", id).then().statusCode(200).body("rewardMinor", equalTo(25_000));

        as("alice").body("{\"text\":\"nope\"}").post("/api/v1/bounties/{id}/clarifications", id).then().statusCode(403);
        as("sam").body("{\"text\":\"100 rows means at least 100.\"}").post("/api/v1/bounties/{id}/clarifications", id).then()
                .statusCode(201).body("author", equalTo("sam")).body("createdAt", notNullValue());
        as("sam").body("{\"text\":\"\"}").post("/api/v1/bounties/{id}/clarifications", id).then().statusCode(400);
        given().get("/api/v1/bounties/{id}", id).then().body("clarifications.text", contains("100 rows means at least 100."))
                .body("allowedActions", hasSize(0));

        as("alice").post("/api/v1/bounties/{id}/close", id).then().statusCode(403);
        as("sam").post("/api/v1/bounties/{id}/close", id).then().statusCode(200).body("status", equalTo("closed"))
                .body("closedAt", notNullValue());
        as("sam").post("/api/v1/bounties/{id}/cancel", id).then().statusCode(409)
                .body("detail", containsString("the bounty is closed; allowed actions: review."));
    }

    @Test
    void draftsAndOpenBountiesCanBeCancelled() {
        long draft = Api.draft("sam", "open_access", 1);
        as("sam").post("/api/v1/bounties/{id}/cancel", draft).then().statusCode(200).body("status", equalTo("cancelled"));
        long open = Api.open("sam", "open_access", 1);
        as("ada").post("/api/v1/bounties/{id}/cancel", open).then().statusCode(200).body("status", equalTo("cancelled"));
        as("sam").post("/api/v1/bounties/{id}/open", open).then().statusCode(409)
                .body("detail", containsString("the bounty is cancelled; allowed actions: none."));
    }

    @Test
    void theBoardFiltersSortsAndPages() {
        String word = "zq" + Hub.unique();
        long a = create(word + " alpha", "legal", "open_access", 20_000, 10);
        long b = create(word + " beta", "finance", "application_only", 300_000, 5);
        long c = create(word + " gamma", "legal", "application_only", 50_000, 20);
        String base = "/api/v1/bounties?q=" + word;
        given().get(base).then().statusCode(200).body("total", equalTo(3)).body("items.id", contains((int) c, (int) b, (int) a));
        given().get(base + "&sort=reward").then().body("items.id", contains((int) b, (int) c, (int) a));
        given().get(base + "&sort=deadline").then().body("items.id", contains((int) b, (int) a, (int) c));
        given().get(base + "&domain=legal").then().body("items.id", contains((int) c, (int) a));
        given().get(base + "&tier=application_only&sort=reward").then().body("items.id", contains((int) b, (int) c));
        given().get(base + "&minReward=30000&maxReward=100000").then().body("items.id", contains((int) c));
        given().get(base + "&currency=eur").then().body("total", equalTo(0));
        given().get(base + "&status=open&size=2").then().body("total", equalTo(3)).body("items", hasSize(2))
                .body("page", equalTo(1)).body("size", equalTo(2));
        given().get(base + "&size=2&page=2").then().body("items.id", contains((int) a));
        given().get(base + "&status=draft").then().statusCode(400).body("type", equalTo(PROBLEM + "invalid-status"));
        given().get(base + "&size=1000").then().statusCode(400).body("type", equalTo(PROBLEM + "invalid-page-size"));
        given().get("/api/v1/bounties/{id}", a).then().statusCode(200).body("awarded", hasSize(0))
                .body("description", equalTo("Build *this*."));
    }

    private static long create(String title, String domain, String tier, long reward, int deadlineDays) {
        String body = bountyBody(title, domain, tier, reward, 1, CRITERIA)
                .replaceAll("\"deadline\":\"[^\"]+\"", "\"deadline\":\"" + java.time.OffsetDateTime.now().plusDays(deadlineDays) + "\"");
        long id = as("sam").body(body).post("/api/v1/bounties").then().statusCode(201).extract().jsonPath().getLong("id");
        Api.fund("sam", reward);
        as("sam").post("/api/v1/bounties/{id}/open", id).then().statusCode(200);
        return id;
    }

    @Test
    void theAuditLogRecordsEveryChangeForAdmins() {
        long id = Api.open("sam", "open_access", 1);
        as("sam").post("/api/v1/bounties/{id}/close", id).then().statusCode(200);
        as("sam").get("/api/v1/bounties/{id}/audit", id).then().statusCode(403);
        as("ada").get("/api/v1/bounties/{id}/audit", id).then().statusCode(200)
                .body("action", contains("create", "open", "close")).body("actor", contains("sam", "sam", "sam"))
                .body("fromStatus", contains(null, "draft", "open")).body("toStatus", contains("draft", "open", "closed"))
                .body("at", not(hasItem((Object) null)));
    }
}
