package io.envhub.registry.trustedpublishing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Trusted publishing with the test Keycloak as the CI's identity provider: its client {@code ci-pipeline} issues tokens
 * with {@code repository=alice/trusted-demo} and {@code ref=refs/heads/main} for the audience {@code envhub}; {@code ci-fork}
 * the same for {@code mallory/trusted-demo}; {@code ci-short}'s tokens live one second. A good token is exchanged once
 * for an upload token bound to one environment; a wrong claim, an expired or replayed token and an unlisted issuer are
 * refused, each with its reason.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class TrustedPublishingTest {
    static final String ISSUER = KeycloakTestResource.baseUrl() + "/realms/envhub";
    static final String ENV = "trusted-demo";

    @Inject
    EntityManager em;
    @Inject
    ObjectMapper json;

    static String ci(String client, String secret) {
        return Tokens.forClient(client, secret);
    }

    static ValidatableResponse exchange(String idToken) {
        return given().contentType(ContentType.JSON).body(Map.of("token", idToken)).post("/api/v1/trusted-publishing/token")
                .then();
    }

    static int push(String uploadToken, String env, String version) {
        TestWheels.Built w = TestWheels.environment(env, version);
        return given().auth().preemptive().basic("__token__", uploadToken)
                .multiPart("file", w.filename(), w.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/" + env + "/versions").then().extract().statusCode();
    }

    long publisher(String alice) {
        TestWheels.Built first = TestWheels.environment(ENV, "0.1.0");
        given().auth().oauth2(alice).multiPart("file", first.filename(), first.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/" + ENV + "/versions").then().statusCode(201);
        given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("issuer", "https://token.example.invalid", "claims", Map.of("repository", "alice/x")))
                .post("/api/v1/environments/alice/" + ENV + "/trusted-publishers").then().statusCode(400)
                .body("type", containsString("invalid-issuer"));
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("issuer", ISSUER, "claims", Map.of()))
                .post("/api/v1/environments/alice/" + ENV + "/trusted-publishers").then().statusCode(400)
                .body("type", containsString("invalid-claims"));
        long id = given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("issuer", ISSUER, "claims", Map.of("repository", "alice/trusted-demo", "ref", "refs/heads/main")))
                .post("/api/v1/environments/alice/" + ENV + "/trusted-publishers").then().statusCode(201)
                .body("audience", equalTo("envhub")).body("createdBy", equalTo("alice")).extract().jsonPath().getLong("id");
        given().auth().oauth2(alice).get("/api/v1/environments/alice/" + ENV + "/trusted-publishers").then().statusCode(200)
                .body("$", hasSize(1)).body("[0].claims.repository", equalTo("alice/trusted-demo"));
        given().auth().oauth2(Tokens.forUser("sam", "sam")).get("/api/v1/environments/alice/" + ENV + "/trusted-publishers")
                .then().statusCode(403);
        return id;
    }

    @Test
    void aGoodTokenIsExchangedOnceForAFifteenMinuteTokenForThatEnvironmentOnly() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        long publisherId = publisher(alice);
        given().get("/_/oidc/audience").then().statusCode(200).body("audience", equalTo("envhub"));

        String idToken = ci("ci-pipeline", "dev-ci-secret");
        var minted = exchange(idToken).statusCode(200).body("environment", equalTo("alice/" + ENV))
                .body("success", equalTo(true)).extract().jsonPath();
        String upload = minted.getString("token");
        OffsetDateTime expires = OffsetDateTime.parse(minted.getString("expiresAt"));
        long minutes = Duration.between(OffsetDateTime.now(), expires).toMinutes();
        assertTrue(minutes >= 14 && minutes <= 15, "15 minutes: " + expires);

        assertEquals(201, push(upload, ENV, "0.2.0"), "uploads a new version of its environment");
        TestWheels.Built other = TestWheels.environment("trusted-other", "1.0");
        given().auth().oauth2(alice).multiPart("file", other.filename(), other.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/trusted-other/versions").then().statusCode(201);
        assertEquals(403, push(upload, "trusted-other", "1.1"), "never another environment");
        given().auth().oauth2(upload).contentType(ContentType.JSON).body(Map.of("reason", "x"))
                .post("/api/v1/environments/alice/" + ENV + "/versions/0.2.0/yank").then().statusCode(403);
        given().auth().oauth2(upload).contentType(ContentType.JSON).body(Map.of("name", "t", "scopes", List.of("publish")))
                .post("/api/v1/tokens").then().statusCode(403);

        exchange(idToken).statusCode(409).body("type", containsString("oidc-token-replayed"));

        em.clear();
        Object after = em.createNativeQuery("SELECT CAST(after AS text) FROM hub.audit_events WHERE action ="
                + " 'trusted-publishing.token-minted' AND target = ?1 ORDER BY id DESC LIMIT 1").setParameter(1, "alice/" + ENV)
                .getSingleResult();
        Map<?, ?> row = json.readValue(after.toString(), Map.class);
        assertEquals(publisherId, ((Number) row.get("publisherId")).longValue());
        assertEquals(ISSUER, row.get("issuer"));
        assertEquals("alice/trusted-demo", ((Map<?, ?>) row.get("claims")).get("repository"));

        // PyPI's path works too (uv publish --trusted-publishing, gh-action-pypi-publish)
        given().contentType(ContentType.JSON).body(Map.of("token", ci("ci-pipeline", "dev-ci-secret")))
                .post("/_/oidc/mint-token").then().statusCode(200).body("token", containsString("envhub_"));

        given().auth().oauth2(alice).delete("/api/v1/environments/alice/" + ENV + "/trusted-publishers/" + publisherId)
                .then().statusCode(204);
        exchange(ci("ci-pipeline", "dev-ci-secret")).statusCode(403).body("type", containsString("no-trusted-publisher"));
    }

    @Test
    void aWrongClaimAnExpiredTokenAnUnlistedIssuerAndAForgedSignatureAreRefused() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("issuer", ISSUER, "claims", Map.of("repository", "alice/trusted-demo")))
                .post("/api/v1/environments/alice/refused-demo/trusted-publishers").then().statusCode(404);

        exchange(ci("ci-fork", "dev-ci-fork-secret")).statusCode(403).body("type", containsString("no-trusted-publisher"))
                .body("detail", containsString("repository=mallory/trusted-demo"));

        String short1 = ci("ci-short", "dev-ci-short-secret");
        Thread.sleep(2500);
        exchange(short1).statusCode(400).body("type", containsString("oidc-token-invalid"))
                .body("detail", containsString("expired"));

        String viaLocalhost = clientToken(KeycloakTestResource.baseUrl().replace("127.0.0.1", "localhost"));
        exchange(viaLocalhost).statusCode(403).body("type", containsString("issuer-not-trusted"))
                .body("detail", containsString("localhost"));

        String good = ci("ci-pipeline", "dev-ci-secret");
        String[] parts = good.split("\\.");
        Map<?, ?> claims = json.readValue(Base64.getUrlDecoder().decode(parts[1]), Map.class);
        @SuppressWarnings("unchecked")
        Map<String, Object> forged = new java.util.HashMap<>((Map<String, Object>) claims);
        forged.put("repository", "alice/something-else");
        String body = Base64.getUrlEncoder().withoutPadding().encodeToString(json.writeValueAsBytes(forged));
        exchange(parts[0] + "." + body + "." + parts[2]).statusCode(400).body("type", containsString("oidc-token-invalid"))
                .body("detail", containsString("signature"));
        exchange("not-a-jwt").statusCode(400).body("type", containsString("oidc-token-invalid"));
    }

    /** A ci-pipeline token asked for through another host name: the same keys, another issuer. */
    static String clientToken(String keycloak) throws Exception {
        String form = "grant_type=client_credentials&client_id=ci-pipeline&client_secret=dev-ci-secret";
        HttpResponse<String> res = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(keycloak + "/realms/envhub/protocol/openid-connect/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form, StandardCharsets.UTF_8)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, res.statusCode(), res.body());
        return new ObjectMapper().readTree(res.body()).get("access_token").asText();
    }
}
