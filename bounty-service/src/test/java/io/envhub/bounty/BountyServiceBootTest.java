package io.envhub.bounty;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** bounty-service boots against real PostgreSQL and Keycloak and tells sponsors from contributors. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
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
}
