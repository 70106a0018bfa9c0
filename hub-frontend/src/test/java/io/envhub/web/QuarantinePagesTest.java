package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * While a version is quarantined (issue 36 item 10) its environment page shows no verdict badge and no install
 * commands but says it is quarantined and why, search's "Validated only" leaves it out, and the web download answers 451
 * with a page that gives the reason; lifting the quarantine brings all of it back.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class QuarantinePagesTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @TestHTTPResource("/")
    URL root;

    @Test
    void aQuarantinedVersionLosesBadgeInstallAndSearchAndItsDownloadAnswers451() throws Exception {
        String run = HubFixtures.unique();
        String tag = "held" + run;
        String name = "held-" + run;
        HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "1.0.0", "# " + name, List.of(tag)), null);
        PageFixtures.validate("alice", name, "1.0.0", TrustBadgesBrowserTest.report("verified"));

        String page = get("/alice/" + name).body();
        assertTrue(page.contains("id=\"install-pip\""), page);
        assertTrue(page.contains("data-status=\"verified\""), page);
        assertFalse(page.contains("id=\"quarantine-notice\""), page);
        assertTrue(get("/search?tag=" + tag + "&validated=true").body().contains("alice/" + name + "</a>"));
        assertEquals(302, get("/alice/" + name + "/versions/1.0.0/download").statusCode());

        String admin = "/api/v1/admin/environments/alice/" + name + "/versions/1.0.0/quarantine";
        String ada = "Bearer " + Tokens.forUser("ada", "ada");
        given().baseUri(HubFixtures.hubUrl()).header("Authorization", ada).contentType("application/json")
                .body(Map.of("reason", "mines <crypto> at import")).post(admin).then().statusCode(200);

        page = get("/alice/" + name).body();
        assertTrue(page.contains("id=\"quarantine-notice\""), page);
        assertTrue(page.contains("<span class=\"quarantine-reason\">mines &lt;crypto&gt; at import</span>"), page);
        assertFalse(page.contains("id=\"install-pip\""), "no install commands while quarantined: " + page);
        assertFalse(page.contains("<section class=\"install\">"), page);
        int start = page.indexOf("<header class=\"env-head\">");
        String head = page.substring(start, page.indexOf("</header>", start));
        assertFalse(head.contains("class=\"badge trust"), "no verdict badge in the page head: " + head);
        String validatedOnly = get("/search?tag=" + tag + "&validated=true").body();
        assertFalse(validatedOnly.contains("alice/" + name + "</a>"), validatedOnly);
        String all = get("/search?tag=" + tag).body();
        assertTrue(all.contains("alice/" + name + "</a>"), "still listed: " + all);
        assertFalse(all.contains("data-status=\"verified\""), "its card is not called verified: " + all);

        HttpResponse<String> download = get("/alice/" + name + "/versions/1.0.0/download");
        assertEquals(451, download.statusCode(), download.body());
        assertTrue(download.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
        assertTrue(download.body().contains("Quarantined"), download.body());
        assertTrue(download.body().contains("mines &lt;crypto&gt; at import"), download.body());

        given().baseUri(HubFixtures.hubUrl()).header("Authorization", ada).contentType("application/json")
                .body(Map.of("reason", "false alarm")).delete(admin).then().statusCode(200);
        page = get("/alice/" + name).body();
        assertTrue(page.contains("id=\"install-pip\""), page);
        assertFalse(page.contains("id=\"quarantine-notice\""), page);
        assertTrue(get("/search?tag=" + tag + "&validated=true").body().contains("alice/" + name + "</a>"));
        assertEquals(302, get("/alice/" + name + "/versions/1.0.0/download").statusCode());
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        URI uri = URI.create(root.toString().replaceAll("/$", "") + path);
        return HTTP.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
