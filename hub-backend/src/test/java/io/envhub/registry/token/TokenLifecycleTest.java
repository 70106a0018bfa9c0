package io.envhub.registry.token;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Personal access tokens end to end: created with a real Keycloak token, used as Bearer and Basic, listed, revoked. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class TokenLifecycleTest {
    @Inject
    EntityManager em;

    static Response createToken(String keycloakToken, String name, List<String> scopes) {
        return given().auth().oauth2(keycloakToken).contentType(ContentType.JSON)
                .body(Map.of("name", name, "scopes", scopes, "expiresInDays", 30))
                .post("/api/v1/tokens");
    }

    /** A new personal token of a demo user with these scopes: the secret. */
    static String personalToken(String user, List<String> scopes) {
        return createToken(Tokens.forUser(user, user), "t-" + UUID.randomUUID(), scopes).then().statusCode(201)
                .extract().path("token");
    }

    static String basic(String token) {
        return "Basic " + Base64.getEncoder().encodeToString(("__token__:" + token).getBytes(StandardCharsets.UTF_8));
    }

    private Object scalar(String sql, Object... params) {
        var query = em.createNativeQuery(sql);
        for (int i = 0; i < params.length; i++) {
            query.setParameter(i + 1, params[i]);
        }
        return query.getSingleResult();
    }

    private void execute(String sql, Object... params) {
        QuarkusTransaction.requiringNew().run(() -> {
            var query = em.createNativeQuery(sql);
            for (int i = 0; i < params.length; i++) {
                query.setParameter(i + 1, params[i]);
            }
            query.executeUpdate();
        });
    }

    @Test
    void tokenIsCreatedUsedAsBearerAndBasicListedWithoutSecretAndRevoked() {
        String alice = Tokens.forUser("alice", "alice");
        Response created = createToken(alice, "ci laptop", List.of("read", "publish"));
        created.then().statusCode(201)
                .body("name", equalTo("ci laptop"))
                .body("token", matchesPattern("envhub_[A-Za-z0-9_-]{43}"))
                .body("scopes", equalTo(List.of("publish", "read")))
                .body("expiresAt", not(nullValue()))
                .body("createdAt", not(nullValue()));
        String secret = created.path("token");
        long id = ((Number) created.path("id")).longValue();
        assertEquals(secret.substring(0, 12), created.path("tokenPrefix"));

        given().auth().oauth2(secret).get("/api/v1/me").then().statusCode(200)
                .body("username", equalTo("alice"))
                .body("authentication", equalTo("token"))
                .body("scopes", equalTo(List.of("publish", "read")))
                .body("roles", hasItem("contributor"));
        given().header("Authorization", basic(secret)).get("/api/v1/me").then().statusCode(200)
                .body("username", equalTo("alice"))
                .body("authentication", equalTo("token"));

        String list = given().auth().oauth2(alice).get("/api/v1/tokens").then().statusCode(200)
                .body("find { it.id == " + id + " }.name", equalTo("ci laptop"))
                .body("find { it.id == " + id + " }.tokenPrefix", equalTo(secret.substring(0, 12)))
                .body("find { it.id == " + id + " }.lastUsedAt", not(nullValue()))
                .body("find { it.id == " + id + " }.revokedAt", nullValue())
                .body("find { it.id == " + id + " }", not(org.hamcrest.Matchers.hasKey("token")))
                .extract().asString();
        assertFalse(list.contains(secret), "the list must never contain a secret");

        // the database holds the sha256 and the prefix, never the token
        assertEquals(TokenSecrets.hash(secret), scalar("SELECT secret_hash FROM hub.access_tokens WHERE id = ?1", id));
        assertEquals(0, ((Number) scalar("SELECT count(*) FROM hub.access_tokens t WHERE strpos(t::text, ?1) > 0", secret)).intValue());
        assertNotNull(scalar("SELECT last_used_at FROM hub.access_tokens WHERE id = ?1", id));

        given().auth().oauth2(alice).delete("/api/v1/tokens/" + id).then().statusCode(204);
        given().auth().oauth2(secret).get("/api/v1/me").then().statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", containsString("Bearer"))
                .body("status", equalTo(401));
        given().header("Authorization", basic(secret)).get("/api/v1/me").then().statusCode(401);
        given().auth().oauth2(alice).get("/api/v1/tokens").then().statusCode(200)
                .body("find { it.id == " + id + " }.revokedAt", not(nullValue()));
    }

    @Test
    void expiredTokenIsRefused() {
        String secret = personalToken("alice", List.of("read"));
        given().auth().oauth2(secret).get("/api/v1/me").then().statusCode(200);
        execute("UPDATE hub.access_tokens SET expires_at = now() - interval '1 hour' WHERE secret_hash = ?1", TokenSecrets.hash(secret));
        given().auth().oauth2(secret).get("/api/v1/me").then().statusCode(401)
                .contentType("application/problem+json")
                .body("type", equalTo("https://envhub.dev/problems/unauthorized"));
    }

    @Test
    void aTokenCannotCreateTokens() {
        String secret = personalToken("alice", List.of("read", "publish"));
        given().auth().oauth2(secret).contentType(ContentType.JSON)
                .body(Map.of("name", "child", "scopes", List.of("read")))
                .post("/api/v1/tokens").then().statusCode(403)
                .contentType("application/problem+json")
                .body("detail", containsString("sign in with Keycloak"));
    }

    @Test
    void aReadOnlyTokenCannotCreateAnOrganisationButAPublishTokenCan() {
        String name = "tok-" + UUID.randomUUID().toString().substring(0, 8);
        given().auth().oauth2(personalToken("alice", List.of("read"))).contentType(ContentType.JSON)
                .body(Map.of("name", name)).post("/api/v1/orgs").then().statusCode(403)
                .body("detail", containsString("publish"));
        given().auth().oauth2(personalToken("alice", List.of("publish"))).contentType(ContentType.JSON)
                .body(Map.of("name", name)).post("/api/v1/orgs").then().statusCode(201)
                .body("members[0].username", equalTo("alice"));
    }

    @Test
    void creatingTokensNeedsTheContributorRole() {
        String service = Tokens.forClient("package-validator", "dev-validator-secret");
        createToken(service, "nope", List.of("read")).then().statusCode(403)
                .body("detail", containsString("contributor"));
        given().contentType(ContentType.JSON).body(Map.of("name", "x", "scopes", List.of("read")))
                .post("/api/v1/tokens").then().statusCode(401);
        // sam (sponsor, contributor) and ada (admin) may
        personalToken("sam", List.of("read"));
        personalToken("ada", List.of("read"));
    }

    @Test
    void badTokenRequestsAreRefusedWithACode() {
        String alice = Tokens.forUser("alice", "alice");
        createToken(alice, "", List.of("read")).then().statusCode(400)
                .body("type", equalTo("https://envhub.dev/problems/invalid-token-name"));
        createToken(alice, "x".repeat(101), List.of("read")).then().statusCode(400)
                .body("type", equalTo("https://envhub.dev/problems/invalid-token-name"));
        createToken(alice, "ok", List.of()).then().statusCode(400)
                .body("type", equalTo("https://envhub.dev/problems/invalid-scopes"));
        createToken(alice, "ok", List.of("read", "admin")).then().statusCode(400)
                .body("type", equalTo("https://envhub.dev/problems/invalid-scopes"));
        for (int days : new int[] {0, 366, 10_000}) {
            given().auth().oauth2(alice).contentType(ContentType.JSON)
                    .body(Map.of("name", "ok", "scopes", List.of("read"), "expiresInDays", days))
                    .post("/api/v1/tokens").then().statusCode(400)
                    .body("type", equalTo("https://envhub.dev/problems/invalid-expiry"));
        }
        // every token expires: without expiresInDays, after the default 90 days; at most after a year
        OffsetDateTime defaulted = OffsetDateTime.parse(given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("name", "forever", "scopes", List.of("read")))
                .post("/api/v1/tokens").then().statusCode(201)
                .body("expiresAt", not(nullValue())).extract().path("expiresAt"));
        long days = Duration.between(OffsetDateTime.now(), defaulted).toDays();
        assertTrue(days >= 89 && days <= 90, "default lifetime is 90 days, was " + days);
        given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("name", "year", "scopes", List.of("read"), "expiresInDays", 365))
                .post("/api/v1/tokens").then().statusCode(201);
        given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("name", "ok", "scopes", List.of("read"), "expiresInDays", 366))
                .post("/api/v1/tokens").then().statusCode(400).contentType("application/problem+json")
                .body("detail", containsString("365"));
    }

    @Test
    void anotherUsersTokenIsNotFound() {
        String alice = Tokens.forUser("alice", "alice");
        long id = ((Number) createToken(alice, "mine", List.of("read")).then().statusCode(201).extract().path("id")).longValue();
        given().auth().oauth2(Tokens.forUser("sam", "sam")).delete("/api/v1/tokens/" + id).then().statusCode(404);
        given().auth().oauth2(Tokens.forUser("sam", "sam")).get("/api/v1/tokens").then().statusCode(200)
                .body("id", not(hasItem((int) id)));
        assertNull(scalar("SELECT revoked_at FROM hub.access_tokens WHERE id = ?1", id));
    }

    @Test
    void lastUsedIsWrittenAtMostOncePerMinute() {
        String secret = personalToken("alice", List.of("read"));
        String hash = TokenSecrets.hash(secret);
        assertNull(scalar("SELECT last_used_at FROM hub.access_tokens WHERE secret_hash = ?1", hash));
        given().auth().oauth2(secret).get("/api/v1/me").then().statusCode(200);
        Instant first = (Instant) scalar("SELECT last_used_at FROM hub.access_tokens WHERE secret_hash = ?1", hash);
        assertNotNull(first);
        given().auth().oauth2(secret).get("/api/v1/me").then().statusCode(200);
        assertEquals(first, scalar("SELECT last_used_at FROM hub.access_tokens WHERE secret_hash = ?1", hash));
        execute("UPDATE hub.access_tokens SET last_used_at = now() - interval '2 minutes' WHERE secret_hash = ?1", hash);
        Instant aged = (Instant) scalar("SELECT last_used_at FROM hub.access_tokens WHERE secret_hash = ?1", hash);
        given().auth().oauth2(secret).get("/api/v1/me").then().statusCode(200);
        Instant refreshed = (Instant) scalar("SELECT last_used_at FROM hub.access_tokens WHERE secret_hash = ?1", hash);
        assertTrue(refreshed.isAfter(aged), "a use after a minute is recorded again");
    }

    @Test
    void keycloakTokensStillWorkAndGarbageIsRefused() {
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get("/api/v1/me").then().statusCode(200)
                .body("authentication", equalTo("keycloak"))
                .body("scopes", equalTo(List.of("publish", "read")));
        given().auth().oauth2("garbage").get("/api/v1/me").then().statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", containsString("Bearer"));
        given().auth().oauth2("envhub_" + "A".repeat(43)).get("/api/v1/me").then().statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", containsString("Bearer"))
                .body("detail", containsString("not valid"));
        given().get("/api/v1/me").then().statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", containsString("Bearer"));
        // other Basic credentials are not a token: the request stays anonymous
        given().auth().preemptive().basic("alice", "alice").get("/api/v1/me").then().statusCode(401);
    }

    @Test
    void packageIndexChallengeIsBasic() {
        given().header("Authorization", basic("envhub_" + "B".repeat(43))).get("/simple/x/").then().statusCode(401)
                .header("WWW-Authenticate", equalTo("Basic realm=\"EnvHub\""))
                .contentType("application/problem+json");
    }
}
