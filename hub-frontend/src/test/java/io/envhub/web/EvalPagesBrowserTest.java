package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.EvalRunDirs;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.RepoPaths;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The "Evaluations" tab and a run's page in headless Chromium against the real backend: two models on two validated
 * versions (run directories written as the verifiers tooling writes them, pushed through the public API), the
 * leaderboard (best run per model, default version, version selector, sorting by query parameters), and a run page
 * (configuration, aggregates, per-function means, a paginated rollouts table whose untrusted text is shown as sent,
 * escaped). Screenshots go to {@code docs/screenshots/} (evals-leaderboard, evals-run).
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class EvalPagesBrowserTest {
    private static final Path SCREENSHOTS = RepoPaths.root().resolve("docs/screenshots");

    @TestHTTPResource("/")
    URL root;

    @TempDir
    Path tmp;

    static long push(String user, String owner, String name, String version, Path dir) {
        return given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer(user))
                .multiPart("metadata", dir.resolve("metadata.json").toFile(), "application/json")
                .multiPart("results", EvalRunDirs.results(dir).toFile(), "application/octet-stream")
                .post("/api/v1/environments/{o}/{n}/versions/{v}/evals", owner, name, version)
                .then().statusCode(201).extract().jsonPath().getLong("id");
    }

    @Test
    void leaderboardAndRunPage() {
        Prerequisites.requireChromium();
        String name = "reverse-text-" + HubFixtures.unique();
        for (String version : List.of("1.0.0", "2.0.0")) {
            HubFixtures.push("alice", "alice", PageFixtures.wheel(name, version, "# " + name + "\n\nReverse a text.",
                    List.of("text")), null);
            PageFixtures.validate("alice", name, version, TrustBadgesBrowserTest.report("verified"));
        }
        long a1 = push("alice", "alice", name, "1.0.0", EvalRunDirs.write(tmp.resolve("a1"), name, "openai/gpt-4.1-mini", 4, 2,
                (e, r) -> e % 2 == 0 ? 1.0 : 0.0, false));
        long a2 = push("alice", "alice", name, "2.0.0", EvalRunDirs.write(tmp.resolve("a2"), name, "openai/gpt-4.1-mini", 6, 4,
                (e, r) -> r == 0 ? 0.5 : 1.0, true));
        // the same setting as a2 (6 examples × 4): the leaderboard compares runs of one setting only
        long b2old = push("sam", "alice", name, "2.0.0", EvalRunDirs.write(tmp.resolve("b2old"), name, "qwen/qwen3-8b", 6, 4,
                (e, r) -> 0.25, false));
        long b2 = push("sam", "alice", name, "2.0.0", EvalRunDirs.write(tmp.resolve("b2"), name, "qwen/qwen3-8b", 6, 4,
                (e, r) -> e == 0 ? 1.0 : 0.5, false));
        String base = root.toString().replaceAll("/$", "");
        try (Chromium browser = Chromium.start()) {
            ChromeDriver driver = browser.driver();
            driver.get(base + "/alice/" + name);
            driver.findElement(By.linkText("Evaluations")).click();
            assertTrue(driver.getCurrentUrl().endsWith("/alice/" + name + "/evals"), driver.getCurrentUrl());
            assertEquals("Leaderboard of v2.0.0", driver.findElement(By.cssSelector(".evals h2")).getText());
            assertEquals(List.of("openai/gpt-4.1-mini", "qwen/qwen3-8b"), models(driver));
            assertEquals(List.of("/alice/" + name + "/evals/" + a2, "/alice/" + name + "/evals/" + b2), links(driver),
                    "each model's best run, not sam's older one (" + b2old + ")");
            assertTrue(driver.findElement(By.cssSelector("table.leaderboard tbody")).getText().contains("0.875 ± 0.217"),
                    driver.findElement(By.cssSelector("table.leaderboard tbody")).getText());
            browser.screenshots(SCREENSHOTS, "evals-leaderboard");

            driver.findElement(By.linkText("Model")).click();
            assertTrue(driver.getCurrentUrl().contains("sort=model&order=asc"), driver.getCurrentUrl());
            assertEquals(List.of("openai/gpt-4.1-mini", "qwen/qwen3-8b"), models(driver));
            driver.findElement(By.partialLinkText("Model")).click();
            assertEquals(List.of("qwen/qwen3-8b", "openai/gpt-4.1-mini"), models(driver));
            assertEquals("descending", driver.findElement(By.xpath("//th[a[starts-with(., 'Model')]]")).getDomAttribute("aria-sort"));

            new Select(driver.findElement(By.id("version"))).selectByValue("1.0.0");
            driver.findElement(By.cssSelector(".version-pick button")).click();
            // the form's GET may still be loading when click() returns: wait for the new page before reading it
            new WebDriverWait(driver, Duration.ofSeconds(30)).until(ExpectedConditions.urlContains("version=1.0.0"));
            new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> !models(driver).isEmpty());
            assertEquals(List.of("openai/gpt-4.1-mini"), models(driver));
            assertEquals(List.of("/alice/" + name + "/evals/" + a1), links(driver));

            driver.get(base + "/alice/" + name + "/evals?version=2.0.0");
            driver.findElement(By.linkText("openai/gpt-4.1-mini")).click();
            String facts = driver.findElement(By.cssSelector(".run-grid")).getText();
            assertTrue(facts.contains("Mean reward 0.875") || facts.contains("Mean reward\n0.875"), facts);
            assertTrue(facts.contains("temperature"), facts);
            assertTrue(facts.contains("exact_match"), facts);
            assertTrue(facts.contains("pass@1"), facts);
            assertTrue(facts.contains("$0.0125"), facts);
            List<WebElement> rows = driver.findElements(By.cssSelector("table.rollouts tbody tr"));
            assertEquals(20, rows.size());
            WebElement completion = rows.get(1).findElements(By.tagName("td")).get(3);
            assertEquals("**answer 0.1** <script>alert(1)</script>", completion.findElement(By.cssSelector(".msg-text")).getText(),
                    "shown as sent, as text: nothing rendered, nothing removed");
            assertFalse(driver.getPageSource().contains("<script>alert(1)</script>"), "the rollout's script is escaped");
            assertTrue(driver.findElements(By.cssSelector("table.rollouts script")).isEmpty());
            assertTrue(driver.findElement(By.cssSelector("#rollouts")).getText().contains("page 1 of 2"));
            browser.screenshots(SCREENSHOTS, "evals-run");
            driver.findElement(By.partialLinkText("Next")).click();
            assertEquals(4, driver.findElements(By.cssSelector("table.rollouts tbody tr")).size());
            assertEquals("20", driver.findElement(By.cssSelector("table.rollouts tbody tr td")).getText());
        }
    }

    private static List<String> models(ChromeDriver driver) {
        return driver.findElements(By.cssSelector("table.leaderboard a.model")).stream().map(WebElement::getText).toList();
    }

    private static List<String> links(ChromeDriver driver) {
        return driver.findElements(By.cssSelector("table.leaderboard a.model")).stream()
                .map(e -> e.getDomAttribute("href")).toList();
    }
}
