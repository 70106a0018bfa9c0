package io.envhub.registry.publish;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.registry.org.Invitations;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Who may push where: personal tokens by scope, and organisation roles. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class PublishPermissionsTest {
    static String personalToken(String user, List<String> scopes) {
        return given().auth().oauth2(Tokens.forUser(user, user)).contentType(ContentType.JSON)
                .body(Map.of("name", "t-" + UUID.randomUUID(), "scopes", scopes)).post("/api/v1/tokens")
                .then().statusCode(201).extract().path("token");
    }

    static int push(RequestSpecification auth, String path, TestWheels.Built wheel) {
        return auth.multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/" + path + "/versions").then().extract().statusCode();
    }

    @Test
    void aPublishTokenPushesAReadTokenDoesNot() {
        String read = personalToken("alice", List.of("read"));
        String publish = personalToken("alice", List.of("publish"));
        TestWheels.Built wheel = TestWheels.environment("by-token", "1.0");
        given().auth().oauth2(read).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/by-token/versions").then().statusCode(403)
                .body("detail", containsString("publish"));
        assertEquals(201, push(given().auth().oauth2(publish), "alice/by-token", wheel));
        assertEquals(201, push(given().auth().preemptive().basic("__token__", publish),
                "alice/by-token", TestWheels.environment("by-token", "1.1")));
    }

    @Test
    void organisationOwnersAndMaintainersPushMembersDoNot() {
        String alice = Tokens.forUser("alice", "alice");
        String sam = Tokens.forUser("sam", "sam");
        given().auth().oauth2(sam).get("/api/v1/me").then().statusCode(200);
        String org = "lab-" + Long.toHexString(System.nanoTime());
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("name", org, "displayName", "Lab"))
                .post("/api/v1/orgs").then().statusCode(201);
        TestWheels.Built wheel = TestWheels.environment("org-env", "1.0");
        assertEquals(403, push(given().auth().oauth2(sam), org + "/org-env", wheel));
        Invitations.join(alice, org, "sam", "member", sam);
        assertEquals(403, push(given().auth().oauth2(sam), org + "/org-env", wheel));
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("role", "maintainer"))
                .put("/api/v1/orgs/" + org + "/members/sam").then().statusCode(200);
        assertEquals(201, push(given().auth().oauth2(sam), org + "/org-env", wheel));
        assertEquals(201, push(given().auth().oauth2(alice), org + "/org-env",
                TestWheels.environment("org-env", "1.1")));
    }
}
