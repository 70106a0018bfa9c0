package io.envhub.registry.security;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/**
 * A personal access token acts with its user's CURRENT Keycloak state: disabling the user or taking away
 * {@code contributor} (through Keycloak's admin API, as an administrator would) stops the old token within the
 * user-state TTL (1 s in tests), for pushes and for reading private data.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class DeprovisioningTest {
    /** A fresh Keycloak user (contributor by default), a private environment of theirs, and a publish+read token. */
    private record Setup(String user, String token, String env) {
    }

    private Setup setUp() {
        String user = "dp" + UUID.randomUUID().toString().substring(0, 8);
        Tokens.ensureUser(user);
        String keycloak = Tokens.forUser(user, user);
        String token = given().auth().oauth2(keycloak).contentType(ContentType.JSON)
                .body(Map.of("name", "ci", "scopes", List.of("read", "publish"))).post("/api/v1/tokens")
                .then().statusCode(201).extract().path("token");
        assertEquals(201, push(token, user, "secret-env", "1.0"));
        given().auth().oauth2(token).get("/api/v1/environments/" + user + "/secret-env").then().statusCode(200);
        return new Setup(user, token, "/api/v1/environments/" + user + "/secret-env");
    }

    private static int push(String token, String owner, String name, String version) {
        TestWheels.Built wheel = TestWheels.environment(name, version);
        return given().auth().oauth2(token).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .multiPart("visibility", "private").post("/api/v1/environments/" + owner + "/" + name + "/versions")
                .then().extract().statusCode();
    }

    /** Polls until the status is the expected one (the user-state cache lives 1 s in tests). */
    private static void eventually(int expected, IntSupplier status) {
        long deadline = System.nanoTime() + 15_000_000_000L;
        int last;
        do {
            last = status.getAsInt();
            if (last == expected) {
                return;
            }
            Thread.onSpinWait();
        } while (System.nanoTime() < deadline);
        assertEquals(expected, last, "status did not become " + expected + " in time");
    }

    @Test
    void aDisabledUsersTokenNoLongerPushesOrReads() {
        Setup s = setUp();
        KeycloakAdmin.setEnabled(s.user(), false);
        eventually(401, () -> given().auth().oauth2(s.token()).get(s.env()).then().extract().statusCode());
        assertEquals(401, push(s.token(), s.user(), "secret-env", "2.0"));
        given().auth().oauth2(s.token()).get("/api/v1/me").then().statusCode(401).contentType("application/problem+json");
        // re-enabled, the same token works again (it was never revoked)
        KeycloakAdmin.setEnabled(s.user(), true);
        eventually(200, () -> given().auth().oauth2(s.token()).get(s.env()).then().extract().statusCode());
    }

    @Test
    void aUserWhoLostContributorCannotUseTheirToken() {
        Setup s = setUp();
        KeycloakAdmin.removeRealmRole(s.user(), "default-roles-envhub");
        eventually(401, () -> push(s.token(), s.user(), "secret-env", "3.0"));
        given().auth().oauth2(s.token()).get(s.env()).then().statusCode(401);
    }
}
