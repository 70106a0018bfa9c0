package io.envhub.web;

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
import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Hub-run evaluations on the web (issue 33) in headless Chromium against the real hub-backend and Keycloak: the
 * provenance badge of a hub-run result beside a self-reported one (leaderboard and run page, with its explanation),
 * the "Hub-run only" leaderboard filter keeping the evaluation setting, and the "Run an evaluation on the hub" form
 * (signed in only; the API key a password field never echoed back; inline errors per field from the form's checks and
 * from the API's problem+json) that starts a run and leads to its progress page (status, done/total bar, refreshing
 * while live, cancel behind a confirmation). The result run here is a pushed run whose provenance the test sets to
 * hub-run in the database (the rollouts of a real hub-run need the validator's sandbox: package-validator's
 * HubRunEvalEndToEndTest); the run started from the form is real, its sandbox a runner that never answers.
 * Screenshots: {@code docs/screenshots/} leaderboard-hub-run, evals-hub-run, evals-hub-run-progress.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class HubRunPagesBrowserTest {
    private static final Path SCREENSHOTS = RepoPaths.root().resolve("docs/screenshots");
    private static final String KEY = "sk-pages-test-Zq8Wx3Hub9Key";

    @TestHTTPResource("/")
    URL root;

    @TempDir
    Path tmp;

    @Test
    void badgeFilterFormAndProgress() throws Exception {
        Prerequisites.requireChromium();
        String name = "hub-run-pages-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "1.0.0", "# " + name + "\n\nReverse a text.",
                List.of("text")), null);
        PageFixtures.validate("alice", name, "1.0.0", TrustBadgesBrowserTest.report("verified"));
        long self = EvalPagesBrowserTest.push("alice", "alice", name, "1.0.0", EvalRunDirs.write(tmp.resolve("s"), name,
                "openai/gpt-4.1-mini", 4, 2, (e, r) -> 0.875, false));
        long hub = EvalPagesBrowserTest.push("alice", "alice", name, "1.0.0", EvalRunDirs.write(tmp.resolve("h"), name,
                "qwen/qwen3-8b", 4, 2, (e, r) -> e % 2 == 0 ? 1.0 : 0.5, false));
        sql("UPDATE hub.eval_runs SET provenance = 'hub-run' WHERE id = " + hub);
        String base = root.toString().replaceAll("/$", "");
        String evals = base + "/alice/" + name + "/evals";
        try (Chromium browser = Chromium.start()) {
            ChromeDriver driver = browser.driver();
            driver.get(evals);
            assertEquals(List.of("openai/gpt-4.1-mini", "qwen/qwen3-8b"), models(driver));
            List<WebElement> badges = driver.findElements(By.cssSelector("table.leaderboard .provenance"));
            assertEquals(List.of("self-reported", "hub-run"), badges.stream().map(WebElement::getText).toList());
            assertTrue(badges.get(1).getDomAttribute("title").contains("Run by the hub on the exact bytes it validated"),
                    badges.get(1).getDomAttribute("title"));
            assertTrue(badges.get(1).getDomAttribute("class").contains("provenance-hub-run"));
            assertFalse(badges.get(0).getDomAttribute("class").contains("provenance-hub-run"), "told apart");
            // anonymous visitors are offered to sign in, not the form
            assertTrue(driver.findElements(By.id("hub-run-form")).isEmpty());
            assertTrue(driver.findElement(By.id("hub-run")).getDomProperty("textContent").contains("Sign in"));

            driver.findElement(By.id("hub-run-only")).click();
            new WebDriverWait(driver, Duration.ofSeconds(30)).until(ExpectedConditions.urlContains("provenance=hub-run"));
            assertTrue(driver.getCurrentUrl().contains("setting=4x2"), "the setting is kept: " + driver.getCurrentUrl());
            assertEquals(List.of("qwen/qwen3-8b"), models(driver));
            assertEquals("true", driver.findElement(By.id("hub-run-only")).getDomAttribute("aria-current"));
            driver.findElement(By.partialLinkText("Model")).click();
            assertTrue(driver.getCurrentUrl().contains("provenance=hub-run"), "sorting keeps the filter");
            assertEquals(List.of("qwen/qwen3-8b"), models(driver));
            browser.screenshots(SCREENSHOTS, "leaderboard-hub-run");

            driver.get(base + "/alice/" + name + "/evals/" + hub);
            WebElement badge = driver.findElement(By.cssSelector(".evals h2 .provenance"));
            assertEquals("hub-run", badge.getText());
            assertTrue(driver.findElement(By.cssSelector(".provenance-note")).getText().contains("exact bytes it validated"));
            browser.screenshots(SCREENSHOTS, "evals-hub-run");
            driver.get(base + "/alice/" + name + "/evals/" + self);
            assertEquals("self-reported", driver.findElement(By.cssSelector(".evals h2 .provenance")).getText());
            assertTrue(driver.findElements(By.cssSelector(".provenance-note")).isEmpty());

            signIn(driver, base, "alice");
            driver.get(evals + "?version=1.0.0");
            WebElement key = driver.findElement(By.id("hub-run-form-api-key"));
            assertEquals("password", key.getDomAttribute("type"));
            assertEquals("off", key.getDomAttribute("autocomplete"));
            driver.findElement(By.cssSelector("#hub-run summary")).click();

            // the form's own checks: one message per field, the key asked for again
            fill(driver, "ftp://models.example.com/v1", "", "0", "3", KEY);
            assertTrue(error(driver, "base-url").contains("http:// or https://"), error(driver, "base-url"));
            assertTrue(error(driver, "model").startsWith("Name the model"));
            assertEquals("Examples is a whole number from 1 to 10000.", error(driver, "examples"));
            assertTrue(error(driver, "temperature").startsWith("Temperature is a number from 0 to 2"));
            assertTrue(driver.findElements(By.id("hub-run-form-rollouts-error")).isEmpty(), "no error on a good field");
            assertEquals("ftp://models.example.com/v1", driver.findElement(By.id("hub-run-form-base-url")).getDomProperty("value"));
            assertEquals("", driver.findElement(By.id("hub-run-form-api-key")).getDomProperty("value"));
            assertFalse(driver.getPageSource().contains(KEY), "the key is never put back into the page");

            // the API's refusal (problem+json eval-host-not-allowed) next to the field it is about
            fill(driver, "https://models.example.com/v1", "scripted-model", "2", "0.5", KEY);
            assertTrue(error(driver, "base-url").contains("is not allowed"), error(driver, "base-url"));
            assertFalse(driver.getPageSource().contains(KEY));

            // a run starts and its progress page follows it
            fill(driver, "http://127.0.0.1:9/v1", "scripted-model", "2", "0.5", KEY);
            new WebDriverWait(driver, Duration.ofSeconds(30)).until(ExpectedConditions.urlMatches(
                    "/alice/" + name + "/versions/1\\.0\\.0/evals/runs/[0-9a-f]{32}$"));
            assertFalse(driver.getCurrentUrl().contains(KEY));
            String status = driver.findElement(By.id("hub-run-status")).getText();
            assertTrue(List.of("queued", "running").contains(status), status);
            assertEquals(1, driver.findElements(By.cssSelector("meta[http-equiv=refresh]")).size(), "refreshes while live");
            assertEquals("2", driver.findElement(By.id("hub-run-bar")).getDomAttribute("max"), "2 examples × 1 rollout");
            assertEquals("0 / 2", driver.findElement(By.id("hub-run-done")).getText());
            assertEquals("hub-run", driver.findElement(By.cssSelector(".hub-run-progress h2 .provenance")).getText());
            browser.screenshots(SCREENSHOTS, "evals-hub-run-progress");

            // the page refreshes itself every 3 s: a click may meet the page being replaced, so it is tried until the question shows
            new WebDriverWait(driver, Duration.ofSeconds(30)).ignoring(StaleElementReferenceException.class).until(d -> {
                if (d.findElements(By.id("cancel-form")).isEmpty()) {
                    d.findElement(By.id("cancel-link")).click();
                }
                return !d.findElements(By.id("cancel-form")).isEmpty();
            });
            assertTrue(driver.findElements(By.cssSelector("meta[http-equiv=refresh]")).isEmpty(), "no refresh while asking");
            driver.findElement(By.cssSelector("#cancel-form button")).click();
            new WebDriverWait(driver, Duration.ofSeconds(30)).ignoring(StaleElementReferenceException.class).until(d -> "cancelled".equals(
                    d.findElement(By.id("hub-run-status")).getText()));
            assertTrue(driver.findElements(By.cssSelector("meta[http-equiv=refresh]")).isEmpty(), "an ended run stays still");
            assertTrue(driver.findElements(By.id("cancel-link")).isEmpty());
        }
        String log = Files.readString(Path.of(ConfigProvider.getConfig().getValue("envhub.test.hub-log", String.class)),
                StandardCharsets.UTF_8);
        assertFalse(log.contains(KEY), "hub-backend never logs the key");
        Path frontendLog = Path.of("target", "quarkus.log");
        if (Files.exists(frontendLog)) {
            assertFalse(Files.readString(frontendLog, StandardCharsets.UTF_8).contains(KEY), "the frontend never logs the key");
        }
    }

    private static void fill(ChromeDriver driver, String baseUrl, String model, String examples, String temperature, String key) {
        set(driver, "base-url", baseUrl);
        set(driver, "model", model);
        set(driver, "examples", examples);
        set(driver, "temperature", temperature);
        set(driver, "api-key", key);
        WebElement form = driver.findElement(By.id("hub-run-form"));
        form.findElement(By.cssSelector("button[type=submit]")).click();
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(ExpectedConditions.stalenessOf(form));
    }

    private static void set(ChromeDriver driver, String field, String value) {
        WebElement input = driver.findElement(By.id("hub-run-form-" + field));
        input.clear();
        input.sendKeys(value);
    }

    private static String error(ChromeDriver driver, String field) {
        return driver.findElement(By.id("hub-run-form-" + field + "-error")).getText();
    }

    private static List<String> models(ChromeDriver driver) {
        return driver.findElements(By.cssSelector("table.leaderboard a.model")).stream().map(WebElement::getText).toList();
    }

    static void signIn(ChromeDriver driver, String base, String user) {
        driver.get(base + "/login");
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("kc-form-login")));
        driver.findElement(By.id("username")).sendKeys(user);
        driver.findElement(By.id("password")).sendKeys(user);
        driver.findElement(By.id("kc-login")).click();
        wait.until(ExpectedConditions.urlContains(base));
    }

    /** Runs one statement on hub-backend's test database (psql; the frontend has no database driver of its own). */
    private static void sql(String statement) throws IOException, InterruptedException {
        URI db = URI.create(ConfigProvider.getConfig().getValue("envhub.test.hub-db-url", String.class).substring("jdbc:".length()));
        String user = ConfigProvider.getConfig().getValue("envhub.test.hub-db-user", String.class);
        Process p = new ProcessBuilder("psql", "-h", db.getHost(), "-p", Integer.toString(db.getPort() < 0 ? 5432 : db.getPort()),
                "-U", user, "-d", db.getPath().substring(1), "-v", "ON_ERROR_STOP=1", "-c", statement)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("UPDATE 1"), out);
    }
}
