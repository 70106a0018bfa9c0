package io.envhub.registry.error;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hostile input answers 400 (or 414) problem+json with a stable type: NUL bytes in paths, queries and fields,
 * {@code scopes:[null]}, JSON of the wrong type or shape, deep nesting and over-long URIs. Never 500, never an empty body.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class InputProblemsTest {
    private static final String PREFIX = "https://envhub.dev/problems/";
    String alice;

    @TestHTTPResource("/")
    URL base;

    @BeforeEach
    void signIn() {
        alice = Tokens.forUser("alice", "alice");
    }

    private static void problem(ValidatableResponse response, int status, String type) {
        response.statusCode(status).contentType("application/problem+json").body("type", equalTo(PREFIX + type))
                .body("status", equalTo(status));
    }

    private ValidatableResponse postToken(String body) {
        return given().auth().oauth2(alice).contentType(ContentType.JSON).body(body).post("/api/v1/tokens").then();
    }

    @Test
    void nulBytesInPathsAndQueriesAre400() {
        problem(given().urlEncodingEnabled(false).get("/api/v1/environments/al%00ice/x").then(), 400, "invalid-characters");
        problem(given().urlEncodingEnabled(false).get("/api/v1/owners/a%00b").then(), 400, "invalid-characters");
        problem(given().urlEncodingEnabled(false).get("/simple/a%00b/").then(), 400, "invalid-characters");
        problem(given().urlEncodingEnabled(false).get("/api/v1/environments?q=x%00y").then(), 400, "invalid-characters");
        problem(given().urlEncodingEnabled(false).auth().oauth2(alice).delete("/api/v1/tokens/1%00").then(), 400,
                "invalid-characters");
    }

    @Test
    void nulBytesInJsonFieldsAre400() {
        problem(postToken("{\"name\":\"a\\u0000b\",\"scopes\":[\"read\"]}"), 400, "invalid-characters");
        problem(given().auth().oauth2(alice).contentType(ContentType.JSON).body("{\"name\":\"x\\u0000y\"}").post("/api/v1/orgs")
                .then(), 400, "invalid-org-name");
    }

    @Test
    void nullAndMistypedFieldsAre400() {
        problem(postToken("{\"name\":\"x\",\"scopes\":[null]}"), 400, "invalid-scopes");
        problem(postToken("{\"name\":\"x\",\"scopes\":\"read\"}"), 400, "invalid-json");
        problem(postToken("{\"name\":\"x\",\"scopes\":[\"read\"],\"expiresInDays\":\"soon\"}"), 400, "invalid-json");
        problem(postToken("{\"name\":{\"a\":1},\"scopes\":[\"read\"]}"), 400, "invalid-json");
        problem(postToken("[1,2,3]"), 400, "invalid-json");
        problem(postToken("{\"name\":"), 400, "invalid-json");
        problem(postToken("not json at all"), 400, "invalid-json");
    }

    /** Sent with the JDK client: RestAssured's request log would pretty-print the nested body without end. */
    private HttpResponse<String> postRaw(String body) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.toURI().resolve("/api/v1/tokens"))
                .header("Authorization", "Bearer " + alice).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void deeplyNestedJsonIs400() throws Exception {
        String deep = "[".repeat(5000) + "]".repeat(5000);
        for (String body : List.of("{\"name\":\"x\",\"scopes\":[\"read\"],\"extra\":" + deep + "}", deep,
                "{\"name\":\"x\",\"scopes\":" + deep + "}")) {
            HttpResponse<String> res = postRaw(body);
            assertEquals(400, res.statusCode(), res.body());
            String type = res.headers().firstValue("Content-Type").orElse("");
            assertTrue(type.startsWith("application/problem+json"), type);
            assertTrue(res.body().contains(PREFIX + "invalid-json"), res.body());
        }
    }

    @Test
    void overlongUrisAre414() {
        problem(given().get("/api/v1/environments/" + "a".repeat(9000) + "/x").then(), 414, "uri-too-long");
        problem(given().get("/api/v1/environments?q=" + "b".repeat(9000)).then(), 414, "uri-too-long");
    }
}
