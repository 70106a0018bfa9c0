package io.envhub.stacktests;

import static io.envhub.stacktests.StackPages.signIn;
import static io.envhub.stacktests.StackPages.waiting;
import static io.envhub.stacktests.LocalStack.FRONTEND;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * Moderation in real headless Chromium against the run's {@link SharedStack} (fresh data dir): alice
 * reports an environment from its page; ada finds the report in the admin queue, quarantines the version with a reason;
 * a real {@code pip install} from the hub's index can no longer install it; alice (the owner) reads the reason on the
 * version page; ada lifts the quarantine (pip installs it again); the audit page shows both actions with actor and
 * reason. Screenshots of the report form, the queue, the review page and the audit page land in
 * {@code target/screenshots/}.
 *
 * <p>With {@code ENVHUB_IT_RUNNING_STACK=true} it uses a stack that is already up on the default ports.
 */
@OnSharedStack
class AdminBrowserIT {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final String U = Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    private static final String ENV = "sockety-" + U;
    private static final String TARGET = "alice/" + ENV + "@0.1.0";
    private static final String WHY = "setup opens a network socket at import (" + U + ")";
    private static final String LIFTED = "checked: the socket is a local pipe (" + U + ")";

    private static final boolean RUNNING = "true".equals(System.getenv("ENVHUB_IT_RUNNING_STACK"));
    private static final String KEYCLOAK = RUNNING && System.getenv("ENVHUB_KEYCLOAK_URL") != null
            ? System.getenv("ENVHUB_KEYCLOAK_URL") : LocalStack.KEYCLOAK;

    @BeforeAll
    static void stackWithAValidatedVersion() throws Exception {
        String token = Tokens.forUser(KEYCLOAK, "alice", "alice");
        HubApi.push(token, "alice", TestWheels.environment(ENV, "0.1.0", "An environment someone finds suspicious",
                List.of("networking")), "public");
        assertEquals("passed", HubApi.awaitValidation("alice", ENV, "0.1.0", Duration.ofMinutes(5)));
    }

    private static String notice(ChromeDriver driver) {
        return driver.findElement(By.cssSelector("p.flash, p.notice-error")).getText();
    }

    @Test
    void aReportLeadsToAQuarantinePipRespectsAndTheAuditShows() throws Exception {
        assertEquals(0, pipInstall().exit(), "before: pip installs the version");
        try (Chromium aliceBrowser = Chromium.start(); Chromium adaBrowser = Chromium.start()) {
            ChromeDriver alice = aliceBrowser.driver();
            signIn(alice, "alice");
            alice.get(FRONTEND + "/alice/" + ENV);
            alice.findElement(By.cssSelector("details.report-box summary")).click();
            new Select(alice.findElement(By.id("report-reason"))).selectByValue("malware");
            alice.findElement(By.id("report-text")).sendKeys("It opens a socket when imported.");
            aliceBrowser.screenshots(SCREENSHOTS, "report-form");
            alice.findElement(By.cssSelector("form.report-form button[type=submit]")).click();
            waiting(alice).until(ExpectedConditions.urlContains("/me/reports"));
            assertTrue(notice(alice).contains("your report about alice/" + ENV), notice(alice));
            WebElement mine = alice.findElement(By.xpath("//table[contains(@class,'my-reports')]//tr[td[1]/a[text()='alice/"
                    + ENV + "']]"));
            assertEquals("open", mine.findElement(By.cssSelector(".report-state")).getText());

            ChromeDriver ada = adaBrowser.driver();
            signIn(ada, "ada");
            ada.get(FRONTEND + "/admin?kind=report&state=open");
            WebElement item = ada.findElement(By.xpath("//li[contains(@class,'queue-item')][.//*[@class='queue-target' and"
                    + " text()='alice/" + ENV + "']]"));
            assertTrue(item.getText().contains("It opens a socket when imported."), item.getText());
            adaBrowser.screenshots(SCREENSHOTS, "admin-queue");
            item.findElement(By.cssSelector("a.queue-link")).click();
            waiting(ada).until(ExpectedConditions.urlContains("/admin/review"));
            assertTrue(ada.findElement(By.cssSelector("ul.reports")).getText().contains("It opens a socket when imported."));
            ada.findElement(By.linkText("0.1.0 (latest)")).click();
            waiting(ada).until(ExpectedConditions.presenceOfElementLocated(By.id("quarantine-reason")));
            ada.findElement(By.id("quarantine-reason")).sendKeys(WHY);
            adaBrowser.screenshots(SCREENSHOTS, "admin-review");
            ada.findElement(By.id("quarantine")).click();
            waiting(ada).until(ExpectedConditions.presenceOfElementLocated(By.id("lift-quarantine")));
            assertTrue(notice(ada).contains("quarantined"), notice(ada));

            Pip blocked = pipInstall();
            assertNotEquals(0, blocked.exit(), "pip cannot install a quarantined version: " + blocked.output());

            alice.get(FRONTEND + "/alice/" + ENV + "/versions/0.1.0");
            WebElement shown = alice.findElement(By.id("quarantine-notice"));
            assertTrue(shown.getText().contains(WHY), "the owner reads the reason: " + shown.getText());
            aliceBrowser.screenshots(SCREENSHOTS, "quarantined-version-owner");

            ada.findElement(By.id("lift-reason")).sendKeys(LIFTED);
            ada.findElement(By.id("lift-quarantine")).click();
            waiting(ada).until(ExpectedConditions.presenceOfElementLocated(By.id("quarantine-reason")));
            assertTrue(notice(ada).contains("lifted"), notice(ada));
            assertEquals(0, pipInstall().exit(), "after the lift pip installs it again");

            ada.get(FRONTEND + "/admin/audit");
            ada.findElement(By.id("a-target")).sendKeys(TARGET);
            ada.findElement(By.cssSelector("form.admin-filters button[type=submit]")).click();
            waiting(ada).until(ExpectedConditions.urlContains("target="));
            List<WebElement> rows = ada.findElements(By.cssSelector("table.audit tbody tr"));
            List<String> actions = rows.stream().map(r -> r.findElement(By.cssSelector(".audit-action")).getText()).toList();
            assertEquals(List.of("version.unquarantine", "version.quarantine"), actions.subList(0, 2), "newest first");
            assertEquals("ada", rows.get(0).findElement(By.cssSelector(".audit-actor")).getText());
            assertEquals(LIFTED, rows.get(0).findElement(By.cssSelector(".audit-reason")).getText());
            assertEquals("ada", rows.get(1).findElement(By.cssSelector(".audit-actor")).getText());
            assertEquals(WHY, rows.get(1).findElement(By.cssSelector(".audit-reason")).getText());
            adaBrowser.screenshots(SCREENSHOTS, "admin-audit");
        }
    }

    private record Pip(int exit, String output) {
    }

    /** A real pip install of the version from the hub's index (isolated from the machine's pip configuration). */
    private static Pip pipInstall() throws Exception {
        Path target = Files.createTempDirectory("envhub-admin-pip-");
        try {
            List<String> cmd = new ArrayList<>(List.of("python3", "-m", "pip", "install", "--isolated", "--no-cache-dir",
                    "--disable-pip-version-check", "--index-url", LocalStack.BACKEND + "/simple/alice/", "--no-deps",
                    "--target", target.toString(), ENV + "==0.1.0"));
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
            Map<String, String> env = pb.environment();
            for (String v : List.of("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "all_proxy",
                    "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS")) {
                env.remove(v);
            }
            env.put("PIP_CONFIG_FILE", "/dev/null");
            env.put("PIP_NO_INPUT", "1");
            env.put("NO_PROXY", "127.0.0.1,localhost");
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Pip(-1, "timed out: " + out);
            }
            return new Pip(p.exitValue(), out);
        } finally {
            delete(target);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
