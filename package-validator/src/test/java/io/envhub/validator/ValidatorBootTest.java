package io.envhub.validator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import io.envhub.validator.check.ValidationEngine;
import io.envhub.validator.sandbox.Sandbox;
import io.envhub.validator.sandbox.SandboxConfig;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

/** The validator boots, gets a real service-account token with role validator, and guards its status endpoint. */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
class ValidatorBootTest {
    @Inject
    ValidationEngine engine;

    @Inject
    Sandbox sandbox;

    @Inject
    SandboxConfig sandboxConfig;

    @Test
    void readyMeansTheServiceAccountHasTheValidatorRole() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.find { it.name == 'service-account' }.data.username", equalTo("service-account-package-validator"))
                .body("checks.find { it.name == 'sandbox' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'sandbox' }.data.implementation", equalTo("bubblewrap"));
    }

    @Test
    void engineIsWiredFromConfiguration() {
        assertEquals(61000, sandboxConfig.uid());
        assertEquals("bubblewrap", sandbox.name());
        assertNotNull(engine);
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
