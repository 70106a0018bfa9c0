package io.envhub.web.settings;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.envhub.web.HubBackendTestResource;
import io.envhub.web.HubFixtures;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The user's environments and an environment's settings, against the real hub-backend, validator API and Keycloak. */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class SettingsEnvironmentsTest {
    @TestHTTPResource("/")
    URL root;

    @Test
    void ownEnvironmentsShowPrivateOnesAndWhyAVersionFailed() {
        String u = HubFixtures.unique();
        String secret = "hidden-" + u;
        String broken = "broken-" + u;
        HubFixtures.push("alice", "alice", TestWheels.environment(secret, "1.0.0"), "private");
        HubFixtures.push("alice", "alice", TestWheels.environment(broken, "0.3.0"), null);
        String why = "reward function raised ZeroDivisionError on row 2 (" + u + ")";
        Validations.fail("alice", broken, "0.3.0", "runtime.rewards", why);
        given().baseUri(HubFixtures.hubUrl()).get("/api/v1/environments/alice/{n}", secret).then().statusCode(404);

        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        HttpResponse<String> page = alice.get("/settings/environments");
        assertEquals(200, page.statusCode(), page.body());
        String html = page.body();
        assertTrue(html.contains(">alice/" + secret + "</a>"), "the private environment is listed");
        int at = html.indexOf(">alice/" + secret + "</a>");
        assertTrue(html.substring(at, at + 200).contains("<span class=\"badge private\">private</span>"), html);
        assertTrue(html.contains(">alice/" + broken + "</a>"), html);
        assertTrue(html.contains("0.3.0</span> <span class=\"badge status-failed\">failed</span>"), html);
        assertTrue(html.contains(why), "the failed version's reason is shown");
        assertTrue(html.contains("href=\"/settings/environments/alice/" + broken + "\""), "links to the settings");

        HttpResponse<String> bobs = SettingsBrowser.signIn(root.toString(), "sam").get("/settings/environments");
        assertFalse(bobs.body().contains(secret), "another user does not see alice's private environment");
    }

    /** "Your environments" uses the words every other page uses: a validated version is "verified", not "validated". */
    @Test
    void ownEnvironmentsSayVerifiedLikeEveryOtherPage() {
        String good = "good-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(good, "1.0.0"), null);
        Validations.pass("alice", good, "1.0.0");
        String html = SettingsBrowser.signIn(root.toString(), "alice").get("/settings/environments").body();
        int at = html.indexOf(">alice/" + good + "</a>");
        assertTrue(at > 0, html);
        String item = html.substring(at, html.indexOf("</li>", at));
        assertTrue(item.contains(">verified</span>"), item);
        assertFalse(item.contains(">validated<"), item);
        assertFalse(item.contains("newest validated"), "the latest version is the verified one: " + item);

        // a newer version not validated (yet): the verdict is the older version's, and the item says which version it is
        HubFixtures.push("alice", "alice", TestWheels.environment(good, "1.1.0"), null);
        html = SettingsBrowser.signIn(root.toString(), "alice").get("/settings/environments").body();
        at = html.indexOf(">alice/" + good + "</a>");
        item = html.substring(at, html.indexOf("</li>", at));
        assertTrue(item.contains("<span class=\"version\">1.1.0</span>"), item);
        assertTrue(item.matches("(?s).*newest validated\\s*<span class=\"version\">1.0.0</span>.*"), item);
    }

    @Test
    void settingsFormSavesAndShowsTheHubsRulesNextToTheField() {
        String name = "tidy-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        String path = "/settings/environments/alice/" + name;
        HttpResponse<String> page = alice.get(path);
        assertEquals(200, page.statusCode(), page.body());
        assertTrue(page.body().contains("value=\"Reverse a given text\""), "the form shows the current summary");

        HttpResponse<String> saved = alice.post(path, Map.of("summary", "Reverse strings, graded exactly",
                "visibility", "private", "tags", "Text, reversal  single-turn"));
        assertEquals(200, saved.statusCode(), saved.body());
        assertTrue(saved.uri().getPath().endsWith(path), "post-redirect-get");
        assertTrue(saved.body().contains("Settings saved."), saved.body());
        JsonPath env = detail(name);
        assertEquals("Reverse strings, graded exactly", env.getString("summary"));
        assertEquals("private", env.getString("visibility"));
        assertEquals(List.of("text", "reversal", "single-turn"), env.getList("tags"));

        HttpResponse<String> badTag = alice.post(path, Map.of("summary", "other", "visibility", "public", "tags", "ok, -bad"));
        assertEquals(400, badTag.statusCode());
        assertTrue(badTag.body().contains("<p class=\"field-error\" id=\"tags-error\">Tag &#39;-bad&#39; is not valid"),
                badTag.body());
        HttpResponse<String> badVisibility = alice.post(path, Map.of("summary", "other", "visibility", "secret", "tags", ""));
        assertEquals(400, badVisibility.statusCode());
        assertTrue(badVisibility.body().contains("id=\"visibility-error\""), badVisibility.body());
        assertEquals("Reverse strings, graded exactly", detail(name).getString("summary"), "refused forms change nothing");
    }

    @Test
    void versionsAreYankedWithAReasonUnyankedAndDeleted() {
        String name = "churn-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "2.0.0"), null);
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        String path = "/settings/environments/alice/" + name;
        alice.get(path);

        HttpResponse<String> noReason = alice.post(path + "/versions/1.0.0/yank", Map.of("reason", " "));
        assertEquals(400, noReason.statusCode());
        assertTrue(noReason.body().contains("id=\"yank-error-1.0.0\">Say why"), noReason.body());
        assertEquals(false, version(name, "1.0.0").get("yanked"));

        HttpResponse<String> yanked = alice.post(path + "/versions/1.0.0/yank", Map.of("reason", "wrong answers in row 3"));
        assertEquals(200, yanked.statusCode(), yanked.body());
        assertTrue(yanked.body().contains("Version 1.0.0 yanked"), yanked.body());
        assertEquals(true, version(name, "1.0.0").get("yanked"));
        assertEquals("wrong answers in row 3", version(name, "1.0.0").get("yankReason"));
        assertTrue(yanked.body().contains("wrong answers in row 3"), "the page shows the reason");

        HttpResponse<String> unyanked = alice.post(path + "/versions/1.0.0/unyank", Map.of());
        assertTrue(unyanked.body().contains("Version 1.0.0 is installable again"), unyanked.body());
        assertEquals(false, version(name, "1.0.0").get("yanked"));

        HttpResponse<String> unconfirmed = alice.post(path + "/versions/2.0.0/delete", Map.of("confirm", "2.0"));
        assertEquals(400, unconfirmed.statusCode());
        assertTrue(unconfirmed.body().contains("id=\"delete-error-2.0.0\">Type the version number"), unconfirmed.body());
        assertEquals(2, versions(name).size());
        HttpResponse<String> deleted = alice.post(path + "/versions/2.0.0/delete", Map.of("confirm", "2.0.0"));
        assertTrue(deleted.body().contains("Version 2.0.0 deleted."), deleted.body());
        assertEquals(List.of("1.0.0"), versions(name).stream().map(v -> v.get("version")).toList());
    }

    @Test
    void otherUsersGet403OnAlicesSettingsAnd404ForHerPrivateOnes() {
        String shown = "shown-" + HubFixtures.unique();
        String hidden = "unseen-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(shown, "1.0.0"), null);
        HubFixtures.push("alice", "alice", TestWheels.environment(hidden, "1.0.0"), "private");
        Tokens.ensureUser("bob");
        SettingsBrowser bob = SettingsBrowser.signIn(root.toString(), "bob");

        HttpResponse<String> forbidden = bob.get("/settings/environments/alice/" + shown);
        assertEquals(403, forbidden.statusCode(), forbidden.body());
        assertTrue(forbidden.body().contains("You may not manage alice/" + shown), forbidden.body());
        assertTrue(forbidden.body().contains("environments of &#39;alice&#39;"), "the hub's own detail is passed on");
        assertEquals(404, bob.get("/settings/environments/alice/" + hidden).statusCode());
        assertEquals(404, bob.get("/settings/environments/alice/no-such-" + shown).statusCode());

        bob.get("/settings/tokens");
        HttpResponse<String> post = bob.post("/settings/environments/alice/" + shown,
                Map.of("summary", "bob was here", "visibility", "public", "tags", ""));
        assertEquals(403, post.statusCode());
        given().baseUri(HubFixtures.hubUrl()).get("/api/v1/environments/alice/{n}", shown).then().statusCode(200)
                .body("summary", equalTo("Reverse a given text"));
    }

    private static JsonPath detail(String name) {
        return given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice"))
                .get("/api/v1/environments/alice/{n}", name).then().statusCode(200).extract().jsonPath();
    }

    private static List<Map<String, Object>> versions(String name) {
        return given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice"))
                .get("/api/v1/environments/alice/{n}/versions", name).then().statusCode(200).extract().jsonPath().getList("$");
    }

    private static Map<String, Object> version(String name, String version) {
        return versions(name).stream().filter(v -> version.equals(v.get("version"))).findFirst().orElseThrow();
    }
}
