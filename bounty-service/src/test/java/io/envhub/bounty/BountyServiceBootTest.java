package io.envhub.bounty;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** bounty-service boots against real PostgreSQL and Keycloak and tells sponsors from contributors. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class BountyServiceBootTest {
    @Test
    void healthIsUp() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"))
                .body("checks.name", hasItem("Database connections health check"));
    }

    @Test
    void meNeedsAToken() {
        given().get("/api/v1/bounties/me").then().statusCode(401);
    }

    @Test
    void sponsorAndContributorSeeTheirAbilities() {
        given().auth().oauth2(Tokens.forUser("sam", "sam")).get("/api/v1/bounties/me").then().statusCode(200)
                .body("username", equalTo("sam")).body("canSponsor", equalTo(true)).body("canReview", equalTo(false));
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get("/api/v1/bounties/me").then().statusCode(200)
                .body("username", equalTo("alice")).body("canSponsor", equalTo(false)).body("canSubmit", equalTo(true));
        given().auth().oauth2(Tokens.forUser("ada", "ada")).get("/api/v1/bounties/me").then().statusCode(200)
                .body("canReview", equalTo(true));
    }

    @Test
    void metricsAndOpenApiAreServed() {
        given().get("/q/metrics").then().statusCode(200).body(containsString("jvm_memory_used_bytes"));
        given().accept("application/json").get("/q/openapi").then().statusCode(200).body(containsString("/api/v1/bounties/me"));
    }

    @Test
    void openApiDocumentsEveryEndpoint() {
        var paths = given().accept("application/json").get("/q/openapi").then().statusCode(200).extract().jsonPath()
                .getMap("paths");
        for (String path : List.of("/api/v1/bounties", "/api/v1/bounties/{id}", "/api/v1/bounties/{id}/open",
                "/api/v1/bounties/{id}/close", "/api/v1/bounties/{id}/cancel", "/api/v1/bounties/{id}/clarifications",
                "/api/v1/bounties/{id}/audit", "/api/v1/bounties/{id}/applications",
                "/api/v1/bounties/{id}/applications/{appId}/decision", "/api/v1/bounties/{id}/applications/{appId}/withdraw",
                "/api/v1/bounties/{id}/submissions", "/api/v1/submissions/{subId}", "/api/v1/submissions/{subId}/reviews",
                "/api/v1/submissions/{subId}/versions", "/api/v1/submissions/{subId}/withdraw",
                "/api/v1/submissions/{subId}/start-review", "/api/v1/bounties/me", "/api/v1/bounties/me/bounties",
                "/api/v1/bounties/me/applications", "/api/v1/bounties/me/submissions", "/api/v1/ledger/funding",
                "/api/v1/ledger/reconciliation", "/api/v1/sponsors/me/balance", "/api/v1/me/earnings", "/api/v1/payouts",
                "/api/v1/payouts/{id}", "/api/v1/payouts/{id}/confirm", "/api/v1/payouts/{id}/fail", "/api/v1/payouts/{id}/retry",
                "/api/v1/payouts/export.csv")) {
            assertTrue(paths.containsKey(path), path + " is documented; documented: " + paths.keySet());
        }
    }

    @Test
    void errorsAreProblemDocumentsFromTheSharedKit() {
        given().get("/api/v1/bounties/999999999").then().statusCode(404).contentType("application/problem+json")
                .body("type", equalTo("https://envhub.dev/problems/not-found")).body("status", equalTo(404))
                .body("title", equalTo("Not found"));
        given().get("/api/v1/bounties?sort=cheapest").then().statusCode(400).contentType("application/problem+json")
                .body("type", equalTo("https://envhub.dev/problems/invalid-sort"));
        given().contentType("application/json").body("{}").post("/api/v1/bounties").then().statusCode(401)
                .contentType("application/problem+json").header("WWW-Authenticate", containsString("Bearer"));
    }
}
