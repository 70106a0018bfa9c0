package io.envhub.registry.org;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Users and organisations share one namespace: an organisation cannot take the name of a Keycloak user (even one who
 * never used the hub) or a reserved word, and a user whose name an organisation already has can still use the hub.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class NamespaceTest {
    private static ValidatableResponse createOrg(String token, String name) {
        return given().auth().oauth2(token).contentType(ContentType.JSON).body(Map.of("name", name)).post("/api/v1/orgs").then();
    }

    @Test
    void anOrganisationCannotTakeAKeycloakUsersName() {
        String alice = Tokens.forUser("alice", "alice");
        String newcomer = "nsu-" + UUID.randomUUID().toString().substring(0, 8);
        Tokens.ensureUser(newcomer); // registered in Keycloak, never called the hub
        createOrg(alice, newcomer).statusCode(409).contentType("application/problem+json")
                .body("type", equalTo("https://envhub.dev/problems/name-taken"));
        // so the newcomer's first request works and owns the name
        given().auth().oauth2(Tokens.forUser(newcomer, newcomer)).get("/api/v1/me").then().statusCode(200)
                .body("username", equalTo(newcomer)).body("namespaceTaken", equalTo(false));
    }

    @Test
    void reservedNamesAreRefused() {
        String alice = Tokens.forUser("alice", "alice");
        for (String reserved : List.of("settings", "signup", "admin", "bounties", "api", "simple", "sponsor", "me", "login",
                "logout", "static", "q", "explore", "search", "environments", "owners", "tokens", "css", "js")) {
            createOrg(alice, reserved).statusCode(400).contentType("application/problem+json")
                    .body("type", equalTo("https://envhub.dev/problems/reserved-name"));
        }
    }

    @Test
    void aUserWhoseNameAnOrganisationHasCanStillUseTheHub() {
        String alice = Tokens.forUser("alice", "alice");
        String name = "nso-" + UUID.randomUUID().toString().substring(0, 8);
        createOrg(alice, name).statusCode(201); // no Keycloak user had the name yet
        Tokens.ensureUser(name); // then someone registers it in Keycloak
        String late = Tokens.forUser(name, name);
        for (int i = 0; i < 2; i++) {
            given().auth().oauth2(late).get("/api/v1/me").then().statusCode(200)
                    .body("username", equalTo("~" + name)).body("namespaceTaken", equalTo(true));
        }
        given().auth().oauth2(late).get("/api/v1/tokens").then().statusCode(200);
        given().auth().oauth2(late).get("/api/v1/environments").then().statusCode(200);
        TestWheels.Built wheel = TestWheels.environment("mine", "1.0");
        given().auth().oauth2(late).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/" + name + "/mine/versions").then().statusCode(409)
                .contentType("application/problem+json")
                .body("type", equalTo("https://envhub.dev/problems/namespace-taken"));
        // the organisation is untouched
        given().get("/api/v1/owners/" + name).then().statusCode(200).body("kind", equalTo("org"))
                .body("members.username", equalTo(List.of("alice")));
    }
}
