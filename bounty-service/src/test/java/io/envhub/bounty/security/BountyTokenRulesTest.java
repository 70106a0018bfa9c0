package io.envhub.bounty.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.testsupport.KeycloakAdmin;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * bounty-service accepts only access tokens issued for it (audience {@code bounty-service}) that name a subject;
 * everything else is a 401 problem document, never a 500. Every answer carries the security headers.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class BountyTokenRulesTest {

    private static ValidatableResponse unauthorized(ValidatableResponse res) {
        return res.statusCode(401).contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://envhub.dev/problems/unauthorized")).body("status", equalTo(401));
    }

    @Test
    void aValidRealmTokenThatNamesNoUserIsAProblemNotA500() {
        // a service client of the realm whose tokens are meant for bounty-service but name no user: no default client
        // scopes, so neither `profile` (preferred_username) nor anything else about a person
        String clientId = "nouser-" + UUID.randomUUID();
        String secret = "s-" + UUID.randomUUID();
        String body = "{\"clientId\":\"" + clientId + "\",\"enabled\":true,\"publicClient\":false,\"secret\":\"" + secret + "\","
                + "\"serviceAccountsEnabled\":true,\"standardFlowEnabled\":false,\"defaultClientScopes\":[],"
                + "\"protocolMappers\":[{\"name\":\"aud\",\"protocol\":\"openid-connect\",\"protocolMapper\":\"oidc-audience-mapper\","
                + "\"config\":{\"included.client.audience\":\"bounty-service\",\"access.token.claim\":\"true\"}}]}";
        assertEquals(201, KeycloakAdmin.call("POST", "/clients", body).statusCode());
        String token = Tokens.forClient(clientId, secret);
        JsonNode claims = KeycloakAdmin.claims(token);
        assertTrue(claims.path("preferred_username").isMissingNode(), "the token names no user: " + claims);
        assertTrue(claims.path("aud").toString().contains("bounty-service"), claims.toString());
        given().auth().oauth2(token).get("/api/v1/bounties/me").then().statusCode(403)
                .contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://envhub.dev/problems/forbidden")).body("detail", containsString("names no user"));
    }

    @Test
    void idTokensAndForeignTokensAreRefused() {
        JsonNode grant = KeycloakAdmin.passwordGrant("envhub-dev", "sam", "sam");
        unauthorized(given().auth().oauth2(grant.get("id_token").asText()).get("/api/v1/bounties/me").then());
        String foreignClient = KeycloakAdmin.createPasswordClient("");
        String foreign = KeycloakAdmin.passwordGrant(foreignClient, "sam", "sam").get("access_token").asText();
        unauthorized(given().auth().oauth2(foreign).get("/api/v1/bounties/me").then());
        given().auth().oauth2(grant.get("access_token").asText()).get("/api/v1/bounties/me").then().statusCode(200)
                .body("username", equalTo("sam"));
    }

    @Test
    void everyAnswerCarriesTheSecurityHeaders() {
        for (ValidatableResponse res : new ValidatableResponse[] {
            given().auth().oauth2(Tokens.forUser("alice", "alice")).get("/api/v1/bounties/me").then().statusCode(200),
            unauthorized(given().get("/api/v1/bounties/me").then()),
            unauthorized(given().auth().oauth2("forged.token.here").get("/api/v1/bounties/me").then()),
            given().get("/api/v1/bounties/no-such-thing/at-all").then().statusCode(404),
            given().get("/q/health/ready").then().statusCode(200),
        }) {
            res.header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                    .header("Content-Security-Policy", containsString("default-src 'none'"))
                    .header("X-Content-Type-Options", equalTo("nosniff"))
                    .header("Referrer-Policy", equalTo("no-referrer"))
                    .header("Strict-Transport-Security", nullValue());
        }
        given().header("X-Forwarded-Proto", "https").get("/q/health/ready").then()
                .header("Strict-Transport-Security", startsWith("max-age=31536000"));
    }
}
