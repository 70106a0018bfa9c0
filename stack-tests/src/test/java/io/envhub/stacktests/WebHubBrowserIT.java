package io.envhub.stacktests;

import static io.envhub.stacktests.StackPages.waiting;
import static io.envhub.stacktests.LocalStack.FRONTEND;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The web hub in real headless Chromium against the run's {@link SharedStack} ({@code ./envhub-stack up} on a fresh
 * data directory, no demo seeding; or, with {@code ENVHUB_IT_RUNNING_STACK=true}, the stack already up): wheels are
 * pushed through the public API and validated by the stack's own validator, then a researcher, a contributor and an
 * XSS attempt are played through the pages. Screenshots of the main pages at desktop and phone size land in
 * {@code target/screenshots/}. The search for "puzzle" expects exactly this run's two puzzles: on a stack where
 * another run pushed puzzles it fails, it never passes by accident.
 */
@OnSharedStack
class WebHubBrowserIT {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final String OWNER = "alice";
    private static final String U = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private static final String MAZE = "gridmaze-" + U;
    private static final String CHESS = "chessmate-" + U;
    private static final String XSS = "inertreadme-" + U;
    private static final String PRIVATE = "secretmaze-" + U;
    private static final String README = """
            # Grid maze

            An agent walks a grid maze and is scored on the path it finds.

            ## Rewards

            | Outcome | Reward |
            |---------|--------|
            | reaches the exit | 1.0 |
            | runs out of steps | 0.0 |
            """;
    private static final String XSS_README = """
            # Inert README

            <script>window.__envhubXss = 'script';</script>

            [a markdown javascript link](javascript:window.__envhubXss='markdown-link')

            <a href="javascript:window.__envhubXss='anchor'" id="js-anchor">a raw javascript anchor</a>

            <img src="x" onerror="window.__envhubXss='img'; alert('img')">

            <iframe src="javascript:alert('iframe')"></iframe>

            <iframe srcdoc="<script>parent.__envhubXss='iframe'</script>"></iframe>

            <p onmouseover="window.__envhubXss='p'">plain text survives</p>
            """;

    private static TestWheels.Built mazeWheel;

    @BeforeAll
    static void stackWithValidatedEnvironments() throws Exception {
        String token = Tokens.forUser(LocalStack.KEYCLOAK, OWNER, OWNER);
        mazeWheel = TestWheels.environment(MAZE, "1.0.0", "A grid maze puzzle for agents", List.of("grid-world", "navigation"),
                README);
        HubApi.push(token, OWNER, mazeWheel, "public");
        HubApi.push(token, OWNER, TestWheels.environment(CHESS, "1.0.0", "A chess endgame puzzle for agents",
                List.of("board-game", "navigation")), "public");
        HubApi.push(token, OWNER, TestWheels.environment(XSS, "1.0.0", "README sanitizer check", List.of("security"),
                XSS_README), "public");
        long start = System.nanoTime();
        assertEquals("passed", HubApi.awaitValidation(OWNER, MAZE, "1.0.0", Duration.ofMinutes(5)));
        assertEquals("passed", HubApi.awaitValidation(OWNER, CHESS, "1.0.0", Duration.ofMinutes(5)));
        System.out.printf("the stack's validator validated two versions in %.1f s%n", (System.nanoTime() - start) / 1e9);
    }

    private static List<String> resultNames(ChromeDriver driver) {
        return driver.findElements(By.cssSelector(".results .env-card a.env-name")).stream().map(WebElement::getText).toList();
    }

    @Test
    void researcherSearchesFiltersReadsCopiesAndDownloads() throws Exception {
        try (Chromium chromium = Chromium.start()) {
            ChromeDriver driver = chromium.driver();
            WebDriverWait wait = waiting(driver);
            driver.get(FRONTEND + "/");
            assertTrue(driver.findElement(By.cssSelector(".hero h1")).getText().contains("validated"));
            chromium.screenshots(SCREENSHOTS, "home");

            WebElement box = driver.findElement(By.cssSelector(".hero input#q"));
            box.sendKeys("puzzle");
            box.submit();
            wait.until(ExpectedConditions.urlContains("/search?q=puzzle"));
            List<String> all = resultNames(driver);
            assertEquals(List.of(OWNER + "/" + CHESS, OWNER + "/" + MAZE), all.stream().sorted().toList(), "both puzzles match");
            chromium.screenshots(SCREENSHOTS, "search");

            driver.findElement(By.xpath("//aside[@class='facets']//a[@class='facet' and text()='grid-world']")).click();
            wait.until(ExpectedConditions.urlContains("tag=grid-world"));
            assertTrue(driver.getCurrentUrl().contains("q=puzzle"), "the query is kept: " + driver.getCurrentUrl());
            assertEquals(List.of(OWNER + "/" + MAZE), resultNames(driver), "filtered by the tag");
            assertEquals("grid-world ✕", driver.findElement(By.cssSelector(".active-tags .tag-active")).getText());

            driver.navigate().back();
            wait.until(d -> !d.getCurrentUrl().contains("tag="));
            assertEquals(all, resultNames(driver), "back restores the previous results");

            driver.findElement(By.linkText(OWNER + "/" + MAZE)).click();
            wait.until(ExpectedConditions.urlToBe(FRONTEND + "/" + OWNER + "/" + MAZE));
            WebElement readme = driver.findElement(By.cssSelector("article.readme"));
            assertEquals("Rewards", readme.findElement(By.tagName("h2")).getText(), "Markdown heading rendered");
            List<String> cells = readme.findElements(By.cssSelector("table td")).stream().map(WebElement::getText).toList();
            assertEquals(List.of("reaches the exit", "1.0", "runs out of steps", "0.0"), cells, "Markdown table rendered");
            // verified, or verified with a flag should another run's copy of the fixture dataset be validated first
            assertTrue(driver.findElement(By.cssSelector(".env-badges .trust")).getText().startsWith("verified"));
            chromium.screenshots(SCREENSHOTS, "environment");

            copiesThePipCommand(chromium);

            driver.findElement(By.cssSelector(".versions a[href$='/versions/1.0.0']")).click();
            wait.until(ExpectedConditions.urlContains("/versions/1.0.0"));
            // verified, or verified with a flag should another run's copy of the fixture dataset be validated first
            assertTrue(driver.findElement(By.cssSelector(".env-badges .trust")).getText().startsWith("verified"));
            List<WebElement> checks = driver.findElements(By.cssSelector("table.checks tbody tr"));
            assertFalse(checks.isEmpty(), "the validation report lists its checks");
            for (WebElement check : checks) {
                assertFalse(check.findElement(By.cssSelector("td code")).getText().isBlank(), "each check has an id");
                assertFalse(check.findElement(By.cssSelector("td .badge")).getText().isBlank(), "and a status");
            }
            chromium.screenshots(SCREENSHOTS, "version");

            downloadsTheWheel(chromium);
        }
    }

    private static void copiesThePipCommand(Chromium chromium) {
        ChromeDriver driver = chromium.driver();
        String expected = HubApi.pipCommand(OWNER, MAZE);
        assertEquals(expected, driver.findElement(By.id("install-pip")).getText(), "the snippet is the exact command");
        WebElement copy = driver.findElement(By.cssSelector("button.copy[data-copy='install-pip']"));
        assertTrue(copy.isDisplayed(), "the script reveals the copy button");
        copy.click();
        waiting(driver).until(ExpectedConditions.textToBePresentInElement(copy, "Copied"));
        Object clipboard = driver.executeAsyncScript(
                "const done = arguments[arguments.length - 1];"
                        + "navigator.clipboard.readText().then(done, e => done('clipboard error: ' + e));");
        assertEquals(expected, clipboard, "the clipboard holds the command");
    }

    private static void downloadsTheWheel(Chromium chromium) throws Exception {
        ChromeDriver driver = chromium.driver();
        String shown = driver.findElement(By.cssSelector("code.hash")).getText();
        WebElement link = driver.findElement(By.cssSelector(".facts a[href$='/versions/1.0.0/download']"));
        assertEquals(mazeWheel.filename(), link.getText());
        link.click();
        Path file = chromium.awaitDownload(Duration.ofSeconds(60));
        assertEquals(mazeWheel.filename(), file.getFileName().toString(), "Chromium saves the wheel under its own name");
        String downloaded = HubApi.sha256(Files.readAllBytes(file));
        assertEquals(shown, downloaded, "the downloaded wheel has the sha256 the page shows");
        assertEquals(HubApi.sha256(mazeWheel.bytes()), downloaded, "and the one pushed");
    }

    @Test
    void contributorSignsInCreatesATokenAndPublishesPrivately() throws Exception {
        String tokenName = "browser-" + U;
        try (Chromium chromium = Chromium.start()) {
            ChromeDriver driver = chromium.driver();
            WebDriverWait wait = waiting(driver);
            driver.get(FRONTEND + "/login");
            wait.until(ExpectedConditions.presenceOfElementLocated(By.id("kc-form-login")));
            assertTrue(driver.getCurrentUrl().startsWith(LocalStack.KEYCLOAK + "/realms/envhub/"), driver.getCurrentUrl());
            driver.findElement(By.id("username")).sendKeys(OWNER);
            driver.findElement(By.id("password")).sendKeys(OWNER);
            driver.findElement(By.id("kc-login")).click();
            wait.until(ExpectedConditions.urlContains(FRONTEND));
            assertEquals(OWNER, driver.findElement(By.cssSelector("header .who strong")).getText());

            driver.get(FRONTEND + "/settings/tokens");
            driver.findElement(By.id("token-name")).sendKeys(tokenName);
            WebElement read = driver.findElement(By.cssSelector("input[name='scopes'][value='read']"));
            if (read.isSelected()) {
                read.click();
            }
            driver.findElement(By.cssSelector("input[name='scopes'][value='publish']")).click();
            driver.findElement(By.cssSelector("form.settings-form button[type='submit']")).click();
            String secret = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("token-secret"))).getAttribute("value");
            assertTrue(driver.findElement(By.tagName("h1")).getText().contains(tokenName));
            assertTrue(secret != null && secret.length() >= 20, "the secret is shown once: " + secret);

            driver.get(FRONTEND + "/settings/tokens");
            WebElement row = driver.findElement(By.xpath("//table[contains(@class,'tokens')]//tr[td[1]='" + tokenName + "']"));
            assertEquals(List.of("publish"), row.findElements(By.cssSelector(".tag")).stream().map(WebElement::getText).toList());
            assertFalse(driver.getPageSource().contains(secret), "the list never shows the secret again");
            chromium.screenshots(SCREENSHOTS, "tokens");

            HubApi.push(secret, OWNER, TestWheels.environment(PRIVATE, "0.1.0"), "private");

            driver.get(FRONTEND + "/settings/environments");
            WebElement own = driver.findElement(By.xpath("//li[contains(@class,'own-env')][.//a[text()='"
                    + OWNER + "/" + PRIVATE + "']]"));
            assertTrue(own.getText().contains("private"), own.getText());

            driver.get(FRONTEND + "/" + OWNER + "/" + PRIVATE);
            assertTrue(driver.findElement(By.tagName("h1")).getText().endsWith(PRIVATE));
            assertEquals("private", driver.findElement(By.cssSelector(".env-badges .badge-private")).getText());
        }
        try (Chromium anonymous = Chromium.start()) {
            anonymous.driver().get(FRONTEND + "/" + OWNER + "/" + PRIVATE);
            assertEquals("404", anonymous.driver().findElement(By.cssSelector(".error-page .error-code")).getText());
            assertFalse(anonymous.driver().getPageSource().contains(PRIVATE + " ·"), "nothing of it is shown");
        }
    }

    @Test
    void scriptInAReadmeRendersInert() {
        try (Chromium chromium = Chromium.start()) {
            ChromeDriver driver = chromium.driver();
            driver.get(FRONTEND + "/" + OWNER + "/" + XSS);
            assertThrows(NoAlertPresentException.class, () -> driver.switchTo().alert(), "no alert is open");
            WebElement readme = driver.findElement(By.cssSelector("article.readme"));
            assertEquals("Inert README", readme.findElement(By.tagName("h1")).getText(), "the README is on the page");
            assertTrue(readme.getText().contains("a raw javascript anchor"), readme.getText());
            assertTrue(readme.getText().contains("plain text survives"), readme.getText());
            new org.openqa.selenium.interactions.Actions(driver).moveToElement(
                    readme.findElement(By.xpath(".//*[text()='plain text survives']"))).perform();
            for (WebElement a : readme.findElements(By.tagName("a"))) {
                a.click();
            }
            assertThrows(NoAlertPresentException.class, () -> driver.switchTo().alert(), "still no alert after clicks");
            assertEquals("undefined", driver.executeScript("return typeof window.__envhubXss"), "no injected code ran");
            assertEquals(0L, driver.executeScript("return document.querySelectorAll('article.readme script').length"));
            assertEquals(0L, driver.executeScript("return document.querySelectorAll('iframe').length"));
            assertEquals(List.of(), driver.executeScript("return Array.from(document.querySelectorAll('*'))"
                    + ".flatMap(e => Array.from(e.attributes).filter(a => a.name.toLowerCase().startsWith('on'))"
                    + ".map(a => e.tagName + ' ' + a.name))"), "no element has an event-handler attribute");
            assertEquals(List.of(), driver.executeScript("return Array.from(document.querySelectorAll('[href],[src]'))"
                    + ".map(e => (e.getAttribute('href') || e.getAttribute('src')).trim())"
                    + ".filter(v => v.toLowerCase().startsWith('javascript:'))"), "no javascript: URL");
        }
    }
}
