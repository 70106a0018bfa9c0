package io.envhub.registry.ops;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** {@code /q/metrics} needs the role admin (or metrics), and its HTTP metrics carry route templates, never raw paths. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class MetricsAccessTest {
    @Test
    void metricsAreNotPublic() {
        given().get("/q/metrics").then().statusCode(401).contentType("application/problem+json");
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get("/q/metrics").then().statusCode(403)
                .contentType("application/problem+json")
                .body("type", equalTo("https://envhub.dev/problems/forbidden"));
        given().auth().oauth2(Tokens.forUser("ada", "ada")).get("/q/metrics").then().statusCode(200);
        // health stays public on the main port, for the stack's and compose's health checks
        given().get("/q/health/ready").then().statusCode(200);
    }

    @Test
    void refusedAndUnknownPathsAreNotRecordedRaw() {
        String run = RegistryFixtures.run();
        String secret = "leak-" + run;
        given().auth().oauth2("envhub_" + "A".repeat(43)).get("/api/v1/environments/alice/" + secret).then().statusCode(401);
        given().get("/api/v1/environments/alice/" + secret + "-b").then().statusCode(404);
        given().get("/no-route-" + run).then().statusCode(404);
        given().urlEncodingEnabled(false).get("/api/v1/owners/x%00" + run).then().statusCode(400);
        given().get("/api/v1/environments").then().statusCode(200);
        String metrics = given().auth().oauth2(Tokens.forUser("ada", "ada")).get("/q/metrics").then().statusCode(200)
                .extract().asString();
        assertFalse(metrics.contains(run), "no raw path of this run's requests is in the metrics");
        assertTrue(metrics.contains("uri=\"/unmatched\""), "refused requests are counted under the fixed tag");
        assertTrue(metrics.contains("uri=\"/api/v1/environments\""), "matched requests carry their route template");
    }
}
