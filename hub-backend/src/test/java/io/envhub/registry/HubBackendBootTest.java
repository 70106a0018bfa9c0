package io.envhub.registry;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

/** hub-backend boots against real PostgreSQL, S3Proxy and Keycloak, and answers with real tokens. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class HubBackendBootTest {
    @Inject
    EntityManager em;

    @Test
    void healthIsUpWithDatabaseAndObjectStoreChecks() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("object-store"))
                .body("checks.name", hasItem("Database connections health check"));
        given().get("/q/health/live").then().statusCode(200);
    }

    @Test
    void meRequiresAToken() {
        given().get("/api/v1/me").then().statusCode(401);
        given().auth().oauth2("not-a-token").get("/api/v1/me").then().statusCode(401);
    }

    @Test
    void meAnswersForARealKeycloakUserAndMirrorsThemOnce() {
        String token = Tokens.forUser("alice", "alice");
        given().auth().oauth2(token).get("/api/v1/me").then().statusCode(200)
                .body("username", equalTo("alice"))
                .body("email", equalTo("alice@envhub.local"))
                .body("roles", hasItem("contributor"))
                .body("roles", not(hasItem("admin")));
        given().auth().oauth2(token).get("/api/v1/me").then().statusCode(200);
        Number rows = (Number) em.createNativeQuery("SELECT count(*) FROM hub.owners WHERE name = 'alice'").getSingleResult();
        assertEquals(1, rows.intValue());
    }

    @Test
    void adminRoleComesFromTheRealm() {
        given().auth().oauth2(Tokens.forUser("ada", "ada")).get("/api/v1/me").then().statusCode(200)
                .body("roles", hasItem("admin"));
    }

    @Test
    void metricsAndOpenApiAreServed() {
        given().auth().oauth2(Tokens.forUser("ada", "ada")).get("/q/metrics").then().statusCode(200)
                .body(containsString("jvm_memory_used_bytes"));
        given().accept("application/json").get("/q/openapi").then().statusCode(200)
                .body(containsString("/api/v1/me"));
        // the multipart push reads its body as a stream: its form is documented by hand (PushForm), not derived
        given().accept("application/json").get("/q/openapi").then().statusCode(200)
                .body("paths.'/api/v1/environments/{owner}/{name}/versions'.post.requestBody.content.'multipart/form-data'"
                        + ".schema.'$ref'", equalTo("#/components/schemas/PushForm"))
                .body("components.schemas.PushForm.properties.keySet()", hasItem("file"))
                .body("components.schemas.PushForm.properties.keySet()", hasItem("sha256"))
                .body("components.schemas.PushForm.properties.file.format", equalTo("binary"));
    }

    @Test
    void errorsAreProblemJson() {
        given().get("/api/v1/no-such-thing").then().statusCode(404)
                .contentType("application/problem+json")
                .body("status", equalTo(404))
                .body("type", containsString("/problems/"));
    }
}
