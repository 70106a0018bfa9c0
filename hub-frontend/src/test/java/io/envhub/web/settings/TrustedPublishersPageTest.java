package io.envhub.web.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.web.HubBackendTestResource;
import io.envhub.web.HubFixtures;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The trusted publishers settings page against the real backend: add (with the hub's refusals shown), list, remove. */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class TrustedPublishersPageTest {
    private static final String GITHUB = "https://token.actions.githubusercontent.com";

    @TestHTTPResource("/")
    URL root;

    @Test
    void anOwnerAddsListsAndRemovesAPublisher() {
        String name = "tp-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);
        String page = "/settings/environments/alice/" + name + "/publishing";
        SettingsBrowser alice = SettingsBrowser.signIn(root.toString(), "alice");
        assertTrue(alice.get("/settings/environments/alice/" + name).body().contains("href=\"" + page + "\""), "linked");
        HttpResponse<String> empty = alice.get(page);
        assertEquals(200, empty.statusCode());
        assertTrue(empty.body().contains("No trusted publisher yet"), empty.body());
        assertTrue(empty.body().contains("<option value=\"" + GITHUB + "\" selected>"), "the hub's issuers are offered");

        HttpResponse<String> refused = alice.post(page, Map.of("issuer", GITHUB, "audience", "", "claims", "nonsense"));
        assertEquals(400, refused.statusCode());
        assertTrue(refused.body().contains("Write each claim as name=value"), refused.body());
        HttpResponse<String> none = alice.post(page, Map.of("issuer", GITHUB, "audience", "", "claims", ""));
        assertEquals(400, none.statusCode());
        assertTrue(none.body().contains("Require at least one claim"), "the hub's reason: " + none.body());

        HttpResponse<String> added = alice.post(page, Map.of("issuer", GITHUB, "audience", "",
                "claims", "repository=alice/" + name + "\nref=refs/heads/main"));
        assertEquals(200, added.statusCode());
        assertTrue(added.body().contains("Trusted publisher added"), added.body());
        assertTrue(added.body().contains("<code>repository=alice/" + name + "</code><br><code>ref=refs/heads/main</code>")
                || added.body().contains("<code>ref=refs/heads/main</code><br><code>repository=alice/" + name + "</code>"),
                added.body());
        assertTrue(added.body().contains("<code>envhub</code>"), "the default audience");
        Matcher id = Pattern.compile("id=\"publisher-(\\d+)\"").matcher(added.body());
        assertTrue(id.find());

        assertEquals(403, SettingsBrowser.signIn(root.toString(), "sam").get(page).statusCode(), "only its managers");

        HttpResponse<String> removed = alice.post(page + "/" + id.group(1) + "/remove", Map.of());
        assertEquals(200, removed.statusCode());
        assertTrue(removed.body().contains("Trusted publisher removed") && removed.body().contains("No trusted publisher yet"),
                removed.body());
    }
}
