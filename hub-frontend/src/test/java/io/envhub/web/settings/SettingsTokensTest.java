package io.envhub.web.settings;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.web.HubBackendTestResource;
import io.envhub.web.HubFixtures;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code /settings/tokens} against the real hub-backend and Keycloak: create (secret once), use, revoke, refusals. */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class SettingsTokensTest {
    private static final Pattern SECRET = Pattern.compile("id=\"token-secret\"[^>]*value=\"([^\"]+)\"");

    @TestHTTPResource("/")
    URL root;

    @Test
    void createdTokenIsShownOnceWorksAgainstTheApiAndStopsWorkingWhenRevoked() {
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        String name = "ci-" + HubFixtures.unique();
        assertEquals(200, alice.get("/settings/tokens").statusCode());

        int before = tokenCount();
        HttpResponse<String> postAnswer = alice.postOnce("/settings/tokens", Map.of("name", name, "scopes", "read", "expiry", "30"));
        assertEquals(303, postAnswer.statusCode(), "post/redirect/get: " + postAnswer.body());
        assertTrue(postAnswer.headers().firstValue("Location").orElseThrow().endsWith("/settings/tokens/created"));
        assertFalse(postAnswer.body().contains("envhub_"), "the post's answer holds no secret");
        HttpResponse<String> created = alice.get("/settings/tokens/created");
        assertEquals(200, created.statusCode(), created.body());
        assertTrue(created.body().contains("Copy it now"), "warned that the secret is shown once");
        assertEquals("no-store", created.headers().firstValue("Cache-Control").orElse(""));
        Matcher m = SECRET.matcher(created.body());
        assertTrue(m.find(), created.body());
        String secret = m.group(1);

        given().baseUri(HubFixtures.hubUrl()).header("Authorization", "Bearer " + secret).get("/api/v1/me")
                .then().statusCode(200).body("username", equalTo("alice")).body("authentication", equalTo("token"))
                .body("scopes", equalTo(List.of("read")));

        HttpResponse<String> list = alice.get("/settings/tokens");
        assertTrue(list.body().contains(name), "the new token is listed");
        assertFalse(list.body().contains(secret), "the list never shows the secret");

        HttpResponse<String> reload = alice.get("/settings/tokens/created");
        assertTrue(reload.uri().getPath().endsWith("/settings/tokens"), "a reload goes back to the list");
        assertFalse(reload.body().contains(secret), "a reload does not show the secret again");
        assertTrue(reload.body().contains("shown only once"), reload.body());
        assertEquals(before + 1, tokenCount(), "the reload created no second token");

        long id = tokenId(name);
        assertTrue(list.body().contains("href=\"/settings/tokens/" + id + "/revoke\""), "the list links to the confirmation");
        assertFalse(list.body().contains("action=\"/settings/tokens/" + id + "/revoke\""), "the list itself revokes nothing");
        HttpResponse<String> confirm = alice.get("/settings/tokens/" + id + "/revoke");
        assertEquals(200, confirm.statusCode(), confirm.body());
        assertTrue(confirm.body().contains("Revoke token “" + name + "”?"), confirm.body());
        HttpResponse<String> unconfirmed = alice.post("/settings/tokens/" + id + "/revoke", Map.of());
        assertTrue(unconfirmed.uri().getPath().endsWith("/settings/tokens/" + id + "/revoke"), "asked to confirm first");
        given().baseUri(HubFixtures.hubUrl()).header("Authorization", "Bearer " + secret).get("/api/v1/me")
                .then().statusCode(200);
        HttpResponse<String> revoked = alice.post("/settings/tokens/" + id + "/revoke", Map.of("confirm", "revoke"));
        assertEquals(200, revoked.statusCode(), revoked.body());
        assertTrue(revoked.uri().getPath().endsWith("/settings/tokens"), "redirected back to the list");
        assertTrue(revoked.body().contains("Token revoked"), "flash says what happened");
        assertTrue(revoked.body().contains("revoked</span>"), "the row shows the token as revoked");
        assertFalse(alice.get("/settings/tokens").body().contains("Token revoked"), "the flash is shown once");

        given().baseUri(HubFixtures.hubUrl()).header("Authorization", "Bearer " + secret).get("/api/v1/me")
                .then().statusCode(401);
    }

    @Test
    void postsWithoutTheCsrfTokenAreRefusedAndChangeNothing() {
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        alice.get("/settings/tokens");
        int before = tokenCount();
        String name = "no-csrf-" + HubFixtures.unique();

        HttpResponse<String> missing = alice.postRaw("/settings/tokens", Map.of("name", name, "scopes", "read", "expiry", "7"));
        assertEquals(400, missing.statusCode());
        HttpResponse<String> wrong = alice.postRaw("/settings/tokens",
                Map.of("name", name, "scopes", "read", "expiry", "7", "csrf-token", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"));
        assertEquals(400, wrong.statusCode());
        assertEquals(before, tokenCount(), "no token was created");

        String secret = given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice"))
                .contentType("application/json").body(Map.of("name", "kept-" + HubFixtures.unique(), "scopes", List.of("read")))
                .post("/api/v1/tokens").then().statusCode(201).extract().path("token");
        long id = given().baseUri(HubFixtures.hubUrl()).header("Authorization", "Bearer " + secret).get("/api/v1/tokens")
                .then().statusCode(200).extract().jsonPath().getLong("[0].id");
        assertEquals(400, alice.postRaw("/settings/tokens/" + id + "/revoke", Map.of()).statusCode());
        given().baseUri(HubFixtures.hubUrl()).header("Authorization", "Bearer " + secret).get("/api/v1/me")
                .then().statusCode(200);
    }

    @Test
    void invalidInputIsShownNextToTheFieldAndCreatesNothing() {
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        alice.get("/settings/tokens");
        int before = tokenCount();

        HttpResponse<String> noName = alice.post("/settings/tokens", Map.of("name", "   ", "scopes", "read", "expiry", "30"));
        assertEquals(400, noName.statusCode());
        assertTrue(noName.body().contains("<p class=\"field-error\" id=\"name-error\">Give the token a name"), noName.body());
        assertTrue(noName.body().contains("aria-describedby=\"name-error\""), "the field points at its error");

        String name = "long-lived-" + HubFixtures.unique();
        HttpResponse<String> tooLong = alice.post("/settings/tokens", Map.of("name", name, "scopes", "read", "expiry", "400"));
        assertEquals(400, tooLong.statusCode());
        assertTrue(tooLong.body().contains("<p class=\"field-error\" id=\"expiry-error\">Choose one of the offered expiry"),
                tooLong.body());
        assertTrue(tooLong.body().contains("value=\"" + name + "\""), "what was typed is kept");
        assertFalse(tooLong.body().contains("id=\"name-error\""), "the name was fine");

        HttpResponse<String> noScope = alice.post("/settings/tokens", Map.of("name", name, "expiry", "30"));
        assertEquals(400, noScope.statusCode());
        assertTrue(noScope.body().contains("id=\"scopes-error\""), noScope.body());

        assertEquals(before, tokenCount(), "nothing was created");
    }

    @Test
    void anonymousVisitorsAreSentToKeycloak() {
        for (String path : List.of("/settings/tokens", "/settings/profile", "/settings/environments",
                "/settings/environments/alice/anything", "/signup")) {
            given().redirects().follow(false).get(path).then().statusCode(302)
                    .header("Location", startsWith(KeycloakTestResource.baseUrl() + "/realms/envhub/protocol/openid-connect/auth"));
        }
        given().redirects().follow(false).contentType("application/x-www-form-urlencoded").formParam("name", "x")
                .post("/settings/tokens").then().statusCode(302);
    }

    @Test
    void profileShowsTheAccountAndWhereToChangeIt() {
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        String page = alice.get("/settings/profile").body();
        assertTrue(page.contains("Signed in as <strong>Alice Liddell</strong> (alice)"), page);
        assertTrue(page.contains("<dt>Member since</dt>"), page);
        assertTrue(page.contains("<span class=\"tag\">contributor</span>"), page);
        assertTrue(page.contains(KeycloakTestResource.baseUrl() + "/realms/envhub/account"), "links the account console");
        HttpResponse<String> old = alice.get("/account");
        assertTrue(old.uri().getPath().endsWith("/settings/profile"), "the old account page redirects");
    }

    private static int tokenCount() {
        return given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice")).get("/api/v1/tokens")
                .then().statusCode(200).extract().jsonPath().getList("$").size();
    }

    private static long tokenId(String name) {
        List<Map<String, Object>> tokens = given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice"))
                .get("/api/v1/tokens").then().statusCode(200).extract().jsonPath().getList("$");
        return tokens.stream().filter(t -> name.equals(t.get("name"))).mapToLong(t -> ((Number) t.get("id")).longValue())
                .findFirst().orElseThrow();
    }
}
