package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.BrowserSession;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The environment page against the real backend: README, facts, versions, chart, XSS, privacy and the star. */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class EnvironmentPageTest {
    @TestHTTPResource("/")
    URL root;

    @Test
    void showsReadmeTagsLicenceInstallVersionsAndChart() {
        String name = "page-" + HubFixtures.unique();
        String readme = "# Title of " + name + "\n\nSome *emphasis* and a [link](https://example.org/doc).\n\n"
                + "| col a | col b |\n|---|---|\n| one | two |\n";
        TestWheels.Built first = PageFixtures.wheel(name, "1.0.0", readme, List.of("games", "math"));
        HubFixtures.push("alice", "alice", first, null);
        HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "1.1.0", readme, List.of("games", "math")), null);
        String html = given().get("/alice/{name}", name).then().statusCode(200).contentType(containsString("text/html"))
                .extract().asString();
        assertTrue(html.contains("<h1>Title of " + name + "</h1>"), html);
        assertTrue(html.contains("<em>emphasis</em>"), "Markdown rendered");
        assertTrue(html.contains("<a href=\"https://example.org/doc\" rel=\"nofollow\">link</a>"), "links get nofollow");
        assertTrue(html.contains("<td>one</td>"), "GFM table rendered");
        assertTrue(html.contains("href=\"/search?tag=games\""), "tags link to search");
        assertTrue(html.contains("Licence: MIT"), "licence");
        assertTrue(html.contains("<code id=\"install-pip\">pip install --index-url " + HubFixtures.hubUrl() + "/simple/alice/ "
                + name + "</code>"), "pip snippet");
        assertTrue(html.contains("<code id=\"install-uv\">uv pip install --index-url " + HubFixtures.hubUrl() + "/simple/alice/ "
                + name + "</code>"), "uv snippet");
        assertTrue(!html.contains("__token__"), "no token form for a public environment");
        assertTrue(html.contains("envhub install"), "envhub snippet");
        assertTrue(html.contains("data-copy=\"install-pip\""), "copy button");
        assertTrue(html.contains("v1.1.0"), "latest version");
        assertTrue(html.contains("href=\"/alice/" + name + "/versions/1.0.0\""), "versions table lists 1.0.0");
        assertTrue(html.contains("<svg class=\"chart\""), "downloads chart");
        assertTrue(html.contains("0 downloads in the last 30 days"), "chart counts nothing yet");
        String sha = sha256(first.bytes());
        assertTrue(html.contains(sha.substring(0, 12)), "sha256 of 1.0.0 shown");
    }

    @Test
    void anEnvironmentWithoutReadmeStillShowsItsVersions() {
        String name = "bare-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "2.0.0", "", List.of()), null);
        String html = given().get("/alice/{name}", name).then().statusCode(200).extract().asString();
        assertTrue(html.contains("This environment has no README."), html);
        assertTrue(html.contains("href=\"/alice/" + name + "/versions/2.0.0\""), "versions table");
        assertTrue(html.contains("0 downloads in the last 30 days"), "chart");
    }

    @Test
    void readmeXssRendersInert() {
        String name = "xss-" + HubFixtures.unique();
        String readme = "# Hello\n\n<script>alert('x1')</script>\n\n[click](javascript:alert('x2'))\n\n"
                + "<img src=\"https://example.org/a.png\" onerror=\"alert('x3')\">\n\n"
                + "<iframe src=\"https://evil.example/\"></iframe>\n\n<a href=\"JaVaScRiPt:alert('x4')\">raw</a>\n\n"
                + "<div style=\"background:url(x)\" onclick=\"alert('x5')\">styled</div>\n";
        HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "1.0.0", readme, List.of()), null);
        String html = given().get("/alice/{name}", name).then().statusCode(200).extract().asString();
        String article = html.substring(html.indexOf("<article class=\"readme\">"), html.indexOf("</article>"));
        assertTrue(article.contains("<h1>Hello</h1>"), article);
        for (String bad : List.of("<script", "javascript:", "onerror", "onclick", "<iframe", "style=", "alert(")) {
            assertFalse(article.toLowerCase().contains(bad.toLowerCase()), bad + " in " + article);
        }
        assertTrue(article.contains("click"), "link text kept");
        assertFalse(article.contains("<img"), "images from other hosts are not loaded: " + article);
        assertTrue(article.contains("<a href=\"https://example.org/a.png\" rel=\"nofollow noopener noreferrer\" "
                + "class=\"external-image\">[image]</a>"), "a visible placeholder links to it: " + article);
    }

    @Test
    void privateEnvironmentIs404ForAnonymousAndVisibleToItsOwner() {
        String name = "secret-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "0.1.0"), "private");
        given().get("/alice/{name}", name).then().statusCode(404).contentType(containsString("text/html"))
                .body(containsString("Not found")).body(not(containsString(name + "</h1>")));
        given().get("/alice/{name}/versions/0.1.0", name).then().statusCode(404);
        given().redirects().follow(false).get("/alice/{name}/versions/0.1.0/download", name).then().statusCode(404);

        BrowserSession alice = signIn("alice");
        HttpResponse<String> page = alice.get(root + "alice/" + name);
        assertEquals(200, page.statusCode(), page.body());
        assertTrue(page.body().contains("badge-private"), "marked private");
        String tokenIndex = HubFixtures.hubUrl().replace("http://", "http://__token__:&lt;token&gt;@") + "/simple/alice/ " + name;
        assertTrue(page.body().contains(">pip install --index-url " + tokenIndex + "<"), "pip token form");
        assertTrue(page.body().contains(">uv pip install --index-url " + tokenIndex + "<"), "uv token form");
        assertTrue(page.body().contains("<a href=\"/settings/tokens\">Create a token</a>"), "link to create a token");
        BrowserSession sam = signIn("sam");
        assertEquals(404, sam.get(root + "alice/" + name).statusCode(), "another user may not see it");
    }

    @Test
    void starTogglesWithCsrfAndIsRefusedWithoutIt() {
        String name = "star-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);
        BrowserSession ada = signIn("ada");
        HttpResponse<String> page = ada.get(root + "alice/" + name);
        assertTrue(page.body().contains("value=\"star\""), "star button");
        String token = PageFixtures.csrfToken(page.body());

        HttpResponse<String> refused = ada.postForm(root + "alice/" + name + "/star", Map.of("action", "star"));
        assertEquals(400, refused.statusCode(), "no CSRF token");
        assertTrue(ada.get(root + "alice/" + name).body().contains("0 stars"), "not starred");

        HttpResponse<String> starred = ada.postForm(root + "alice/" + name + "/star",
                Map.of("action", "star", "csrf-token", token));
        assertEquals(200, starred.statusCode(), starred.body());
        assertTrue(starred.uri().getPath().endsWith("/alice/" + name), starred.uri().toString());
        assertTrue(starred.body().contains("1 star<"), "counted");
        assertTrue(starred.body().contains("value=\"unstar\""), "now an unstar button");

        HttpResponse<String> unstarred = ada.postForm(root + "alice/" + name + "/star",
                Map.of("action", "unstar", "csrf-token", PageFixtures.csrfToken(starred.body())));
        assertTrue(unstarred.body().contains("0 stars"), "unstarred");
    }

    @Test
    void anonymousStarGoesToSignIn() {
        String name = "anon-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);
        BrowserSession anonymous = new BrowserSession();
        HttpResponse<String> page = anonymous.get(root + "alice/" + name);
        // anonymous pages carry no form (no CSRF token: they are cached for all anonymous visitors); the star is a
        // sign-in link that comes back to the page
        assertFalse(page.body().contains("csrf-token"), "no CSRF token on an anonymous page");
        String href = "/login?next=%2Falice%2F" + name;
        assertTrue(page.body().contains("class=\"button star-sign-in\" href=\"" + href + "\""), "star sign-in link");
        HttpResponse<String> signIn = anonymous.get(root + href.substring(1));
        assertTrue(signIn.uri().toString().startsWith(KeycloakTestResource.baseUrl()), signIn.uri().toString());
        assertTrue(signIn.body().contains("kc-form-login"), "Keycloak's login form");
    }

    @Test
    void unknownEnvironmentAndOwnerAre404Pages() {
        given().get("/alice/no-such-env-here").then().statusCode(404).contentType(containsString("text/html"))
                .body(containsString("Not found")).body(not(containsString("Exception")));
        given().get("/nobody-" + HubFixtures.unique()).then().statusCode(404).body(containsString("Not found"));
        given().get("/css/envhub.css").then().statusCode(200).contentType(startsWith("text/css"));
    }

    private BrowserSession signIn(String user) {
        BrowserSession browser = new BrowserSession();
        HttpResponse<String> login = browser.get(root + "login");
        HttpResponse<String> landed = browser.login(login, user, user);
        assertEquals(200, landed.statusCode(), landed.body());
        return browser;
    }

    static String sha256(byte[] bytes) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
