package io.envhub.web.account;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.KeycloakTestResource;
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

/**
 * Sign-out is a confirmed POST that ends the session for good: a copy of the session cookie taken before it gets the
 * signed-out pages afterwards, the Keycloak session is ended too (signing in again asks for the password), and no
 * token travels in a URL on the way.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
public class SignOutTest {
    private static final Pattern CSRF = Pattern.compile("name=\"csrf-token\" value=\"([^\"]+)\"");

    @TestHTTPResource("/")
    URL root;

    /** Signs the browser out the way the page does: the confirmation page, then its form. */
    public static HttpResponse<String> signOut(BrowserSession browser, URL root) {
        HttpResponse<String> confirm = browser.get(root + "logout");
        assertEquals(200, confirm.statusCode(), confirm.body());
        assertTrue(confirm.body().contains("<form method=\"post\" action=\"/logout\">"), confirm.body());
        Matcher csrf = CSRF.matcher(confirm.body());
        assertTrue(csrf.find(), "the sign-out form is CSRF-protected");
        HttpResponse<String> answer = browser.postFormOnce(root + "logout", Map.of("csrf-token", csrf.group(1)));
        assertEquals(303, answer.statusCode(), answer.body());
        String location = answer.headers().firstValue("Location").orElse("");
        assertTrue(location.equals("/") || location.equals(root.toString()),
                "back home, without a detour through Keycloak (no ID token in a URL): " + location);
        return browser.get(root.toString());
    }

    @Test
    void aCookieCopiedBeforeSignOutGetsTheSignedOutViewAfterIt() {
        BrowserSession browser = new BrowserSession();
        browser.login(browser.get(root + "login"), "alice", "alice");
        assertTrue(browser.get(root.toString()).body().contains("Signed in as <strong>alice</strong>"));
        BrowserSession thief = browser.copyCookies();
        assertTrue(thief.get(root + "settings/profile").body().contains("Signed in as"), "the copy works before sign-out");

        HttpResponse<String> home = signOut(browser, root);
        assertFalse(home.body().contains("Signed in as"), "signed out");

        HttpResponse<String> stolenHome = thief.get(root.toString());
        assertEquals(200, stolenHome.statusCode());
        assertFalse(stolenHome.body().contains("Signed in as"), "the copied cookie no longer signs anyone in");
        assertTrue(stolenHome.body().contains("href=\"/login"), "the signed-out view offers to sign in");
        HttpResponse<String> stolenSettings = thief.get(root + "settings/tokens");
        assertTrue(stolenSettings.uri().toString().startsWith(KeycloakTestResource.baseUrl()),
                "a page that needs a sign-in sends the copy to Keycloak: " + stolenSettings.uri());
        assertTrue(stolenSettings.body().contains("kc-form-login"), "and Keycloak asks for a password (its session ended)");
    }

    @Test
    void signingInAgainAfterSignOutAsksForThePassword() {
        BrowserSession browser = new BrowserSession();
        browser.login(browser.get(root + "login"), "alice", "alice");
        signOut(browser, root);
        HttpResponse<String> again = browser.get(root + "login");
        assertTrue(again.body().contains("kc-form-login"), "the Keycloak session was ended as well");
    }

    @Test
    void anonymousSignOutGoesHomeAndAForgedPostIsRefused() {
        BrowserSession browser = new BrowserSession();
        assertEquals("/", browser.get(root + "logout").uri().getPath());
        browser.login(browser.get(root + "login"), "alice", "alice");
        HttpResponse<String> forged = browser.postForm(root + "logout", Map.of());
        assertEquals(400, forged.statusCode(), "no CSRF token, no sign-out");
        assertTrue(browser.get(root.toString()).body().contains("Signed in as"), "still signed in");
    }
}
