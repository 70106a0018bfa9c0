package io.envhub.validator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** The validator boots, gets a real service-account token with role validator, and guards its status endpoint. */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
class ValidatorBootTest {
    @Test
    void readyMeansTheServiceAccountHasTheValidatorRole() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.find { it.name == 'service-account' }.data.username", equalTo("service-account-package-validator"));
    }

    @Test
    void statusIsForAdminsAndValidators() {
        given().get("/api/v1/worker/status").then().statusCode(401);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get("/api/v1/worker/status").then().statusCode(403);
        given().auth().oauth2(Tokens.forUser("ada", "ada")).get("/api/v1/worker/status").then().statusCode(200)
                .body("workerId", notNullValue());
        given().auth().oauth2(Tokens.forClient("package-validator", "dev-validator-secret"))
                .get("/api/v1/worker/status").then().statusCode(200);
    }

    @Test
    void metricsAreServed() {
        given().get("/q/metrics").then().statusCode(200);
        given().get("/q/health").then().statusCode(200).body("checks.name", hasItem("service-account"));
    }
}
