package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The pages of issue 34 in headless Chromium against the real hub-backend and Keycloak: alice's webhook delivery log
 * (a 500 retried, then delivered, and a ping), her inbox with the unread count in the top bar, a gated environment as
 * sam sees it, his access request through the access page and alice's grant, a discussion thread whose Markdown is
 * sanitized (an XSS attempt does not run), and a collection made from "Add to collection". Screenshots in
 * {@code target/screenshots/}.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class CommunityBrowserTest {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    @TestHTTPResource("/")
    URL root;

    @Test
    void inboxWebhookLogAndAGatedEnvironment() throws Exception {
        Prerequisites.requireChromium();
        String base = root.toString().replaceAll("/$", "");
        FrontendRedirects.allow(base);
        String name = "community-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);

        AtomicInteger calls = new AtomicInteger();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/", exchange -> {
            exchange.getRequestBody().readAllBytes();
            boolean fail = calls.incrementAndGet() == 1;
            byte[] body = (fail ? "upstream busy, try later" : "{\"ok\":true}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(fail ? 503 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        receiver.start();
        try (Chromium aliceBrowser = Chromium.start(); Chromium samBrowser = Chromium.start()) {
            long webhook = given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice"))
                    .contentType(ContentType.JSON).body(Map.of("url", "http://127.0.0.1:" + receiver.getAddress().getPort()
                            + "/ci/envhub", "events", List.of("version.published", "version.validated"),
                            "scope", Map.of("environment", "alice/" + name), "description", "CI: rebuild the leaderboard"))
                    .post("/api/v1/webhooks").then().statusCode(201).extract().jsonPath().getLong("id");
            HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.1.0"), null);
            given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice"))
                    .post("/api/v1/webhooks/" + webhook + "/ping").then().statusCode(202);
            long report = given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("sam"))
                    .contentType(ContentType.JSON).body(Map.of("target", "alice/" + name, "reason", "spam", "text", "duplicate"))
                    .post("/api/v1/reports").then().statusCode(201).extract().jsonPath().getLong("id");
            given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("ada")).contentType(ContentType.JSON)
                    .body(Map.of("note", "not a duplicate")).post("/api/v1/admin/reports/" + report + "/dismiss").then()
                    .statusCode(200);

            ChromeDriver alice = aliceBrowser.driver();
            AdminScreenshotsBrowserTest.signIn(alice, base, "alice");
            WebDriverWait wait = new WebDriverWait(alice, Duration.ofSeconds(40));
            wait.until(d -> {
                d.get(base + "/settings/webhooks/" + webhook);
                return d.findElements(By.cssSelector("tr.delivery-delivered")).size() >= 2;
            });
            String log = alice.findElement(By.cssSelector("table.deliveries")).getText();
            assertTrue(log.contains("version.published") && log.contains("ping"), log);
            aliceBrowser.screenshots(SCREENSHOTS, "webhook-delivery-log");

            wait.until(d -> {
                d.get(base + "/notifications");
                return d.getPageSource().contains("A report on alice/" + name + " was dismissed");
            });
            assertTrue(alice.findElements(By.cssSelector(".unread-badge")).size() == 1, "the top bar shows the unread count");
            aliceBrowser.screenshots(SCREENSHOTS, "inbox");

            // a gated environment: alice gates it with terms; sam sees the page and asks through the access page
            alice.get(base + "/alice/" + name + "/access");
            alice.findElement(By.cssSelector("#gate-settings input[value=manual]")).click();
            alice.findElement(By.id("gate-terms")).sendKeys("Cite *Reverse text, 2026*. Do not redistribute the dataset.");
            alice.findElement(By.cssSelector("#gate-settings button")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".flash"), "Gate settings saved"));
            ChromeDriver sam = samBrowser.driver();
            AdminScreenshotsBrowserTest.signIn(sam, base, "sam");
            WebDriverWait samWait = new WebDriverWait(sam, Duration.ofSeconds(40));
            sam.get(base + "/alice/" + name);
            assertTrue(sam.findElement(By.id("gate-notice")).getText().contains("Gated"));
            samBrowser.screenshots(SCREENSHOTS, "gated-environment");
            sam.get(base + "/alice/" + name + "/access");
            sam.findElement(By.cssSelector("#request-access input[name=accept]")).click();
            sam.findElement(By.id("gate-message")).sendKeys("For a reward-hacking benchmark.");
            sam.findElement(By.cssSelector("#request-access button")).click();
            samWait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("gate-state"), "waits for the owner"));
            samBrowser.screenshots(SCREENSHOTS, "gate-request");
            alice.get(base + "/alice/" + name + "/access");
            alice.findElement(By.cssSelector("table.access-requests button[value=grant]")).click();
            wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".flash"), "Access granted"));
            sam.get(base + "/alice/" + name + "/access");
            assertTrue(sam.findElement(By.id("gate-state")).getText().contains("You have access"));

            // a discussion: Markdown through the README sanitizer (no script, no handler, no javascript: link runs)
            sam.get(base + "/alice/" + name + "/discussions");
            sam.findElement(By.id("discussion-title")).sendKeys("The echo probe scores 0.9");
            sam.findElement(By.id("discussion-body")).sendKeys("The reward is **gameable**: <script>window.pwned=1</script>"
                    + " <img src=x onerror=\"window.pwned=2\"> [details](javascript:window.pwned=3)");
            sam.findElement(By.cssSelector("#new-discussion button")).click();
            samWait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("ol.comments li.comment")));
            // the rendered comment only (the author's own edit box holds the Markdown as escaped text)
            String thread = sam.findElement(By.cssSelector("ol.comments li.comment .comment-body")).getAttribute("innerHTML");
            assertTrue(thread.contains("<strong>gameable</strong>"), "Markdown is rendered: " + thread);
            assertTrue(!thread.contains("<script") && !thread.contains("onerror") && !thread.contains("javascript:"),
                    "no script, handler or javascript: link survives: " + thread);
            assertTrue(((org.openqa.selenium.JavascriptExecutor) sam).executeScript("return window.pwned") == null);
            String threadUrl = sam.getCurrentUrl();
            alice.get(threadUrl);
            alice.findElement(By.id("comment-body")).sendKeys("Thanks! Version 1.1.0 compares against the *reference* answer;"
                    + " the echo now scores `0.02`.");
            alice.findElement(By.cssSelector("#new-comment button")).click();
            wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("ol.comments li.comment"), 2));
            aliceBrowser.screenshots(SCREENSHOTS, "discussion-thread");

            // a collection from the environment page's "Add to collection"
            alice.get(base + "/collections/add?environment=alice/" + name);
            alice.findElement(By.id("collection-title")).sendKeys("Reward-hacking probes");
            alice.findElement(By.id("collection-note")).sendKeys("the echo probe case study");
            alice.findElement(By.cssSelector("#add-to-collection button")).click();
            wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("ol.collection-items")));
            assertTrue(alice.findElement(By.cssSelector("ol.collection-items")).getText().contains("the echo probe case study"));
            assertTrue(calls.get() >= 3, "the receiver was called: a 503, then the version, then the ping");
        } finally {
            receiver.stop(0);
        }
    }
}
