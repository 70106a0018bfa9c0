package io.envhub.registry.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.registry.model.Owner;
import io.envhub.testsupport.KeycloakAdmin;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Only access tokens issued for hub-backend are accepted: an ID token, or an access token of a client whose tokens
 * are not meant for the hub (no {@code hub-backend} audience), is a 401 problem document and changes nothing, not
 * even the caller's stored roles. Every client of the realm that calls the hub gets the audience.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class TokenAudienceTest {

    @Test
    void idTokensAreRefused() {
        JsonNode grant = KeycloakAdmin.passwordGrant("envhub-dev", "alice", "alice");
        String idToken = grant.get("id_token").asText();
        assertEquals("ID", KeycloakAdmin.claims(idToken).get("typ").asText());
        given().auth().oauth2(idToken).get("/api/v1/me").then().statusCode(401)
                .contentType(startsWith("application/problem+json")).body("type", equalTo("https://envhub.dev/problems/unauthorized"));
        String org = "aud-" + Long.toHexString(System.nanoTime());
        given().auth().oauth2(idToken).contentType(ContentType.JSON).body(Map.of("name", org, "displayName", "Audience"))
                .post("/api/v1/orgs").then().statusCode(401);
        given().get("/api/v1/owners/" + org).then().statusCode(404);
        // the access token of the same grant works
        given().auth().oauth2(grant.get("access_token").asText()).get("/api/v1/me").then().statusCode(200)
                .body("username", equalTo("alice"));
    }

    @Test
    void aForeignClientsTokenIsRefusedAndLeavesStoredRolesAlone() {
        given().auth().oauth2(Tokens.forUser("sam", "sam")).get("/api/v1/me").then().statusCode(200);
        List<String> before = roles("sam");
        assertTrue(before.contains("sponsor"), before.toString());
        // a client of the same realm that gets no realm roles in its tokens and is not meant for the hub
        String client = KeycloakAdmin.createPasswordClient("\"fullScopeAllowed\":false");
        String foreign = KeycloakAdmin.passwordGrant(client, "sam", "sam").get("access_token").asText();
        assertFalse(KeycloakAdmin.claims(foreign).path("aud").toString().contains("hub-backend"));
        given().auth().oauth2(foreign).get("/api/v1/me").then().statusCode(401)
                .contentType(startsWith("application/problem+json"));
        given().auth().oauth2(foreign).get("/api/v1/tokens").then().statusCode(401);
        assertEquals(before, roles("sam"));
    }

    @Test
    void everyClientThatCallsTheHubGetsItsAudience() {
        assertAudience(Tokens.forUser("alice", "alice"), "hub-backend", "bounty-service");
        assertAudience(Tokens.forClient("package-validator", "dev-validator-secret"), "hub-backend");
        assertAudience(Tokens.forClient("bounty-service", "dev-bounty-secret"), "hub-backend");
    }

    private static void assertAudience(String accessToken, String... audiences) {
        String aud = KeycloakAdmin.claims(accessToken).path("aud").toString();
        for (String a : audiences) {
            assertTrue(aud.contains("\"" + a + "\""), "aud " + aud + " lacks " + a);
        }
    }

    private static List<String> roles(String user) {
        return io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().call(
                () -> Arrays.stream(Owner.findByName(user).orElseThrow().roles).sorted().toList());
    }
}
