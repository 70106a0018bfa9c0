package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The console in headless Chromium against the real hub-backend and Keycloak: alice's report form on a version page,
 * ada's queue, review page (after a quarantine) and audit page. Screenshots in {@code target/screenshots/}.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class AdminScreenshotsBrowserTest {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    @TestHTTPResource("/")
    URL root;

    /** Signs {@code user} in through Keycloak's form (password = user name), back on the frontend at {@code base}. */
    static void signIn(ChromeDriver driver, String base, String user) {
        driver.get(base + "/login");
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("kc-form-login")));
        driver.findElement(By.id("username")).sendKeys(user);
        driver.findElement(By.id("password")).sendKeys(user);
        driver.findElement(By.id("kc-login")).click();
        wait.until(ExpectedConditions.urlContains(base));
    }

    @Test
    void theConsoleInABrowser() {
        Prerequisites.requireChromium();
        String base = root.toString().replaceAll("/$", "");
        FrontendRedirects.allow(base);
        String name = "shot-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "1.0.0"), null);
        given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("sam")).contentType(ContentType.JSON)
                .body("{\"target\":\"alice/" + name + "@1.0.0\",\"reason\":\"broken-reward\",\"text\":\"The echo probe scores"
                        + " 0.9: the reward only checks the answer's length.\"}").post("/api/v1/reports").then().statusCode(201);
        try (Chromium aliceBrowser = Chromium.start(); Chromium adaBrowser = Chromium.start()) {
            ChromeDriver alice = aliceBrowser.driver();
            signIn(alice, base, "alice");
            alice.get(base + "/alice/" + name + "/versions/1.0.0");
            alice.findElement(By.cssSelector("details.report-box summary")).click();
            alice.findElement(By.id("report-text")).sendKeys("The dataset rows are copied from another benchmark.");
            aliceBrowser.screenshots(SCREENSHOTS, "report-form");

            ChromeDriver ada = adaBrowser.driver();
            signIn(ada, base, "ada");
            ada.get(base + "/admin");
            assertTrue(ada.findElement(By.cssSelector("ol.queue")).getText().contains("alice/" + name + "@1.0.0"));
            adaBrowser.screenshots(SCREENSHOTS, "admin-queue");
            String target = URLEncoder.encode("alice/" + name + "@1.0.0", StandardCharsets.UTF_8);
            ada.get(base + "/admin/review?target=" + target);
            ada.findElement(By.id("quarantine-reason")).sendKeys("reward function gameable: length only");
            ada.findElement(By.id("quarantine")).click();
            new WebDriverWait(ada, Duration.ofSeconds(30)).until(ExpectedConditions.presenceOfElementLocated(By.id("lift-quarantine")));
            adaBrowser.screenshots(SCREENSHOTS, "admin-review");
            ada.get(base + "/admin/audit?target=" + target);
            assertEquals("ada", ada.findElement(By.cssSelector("table.audit tbody tr .audit-actor")).getText());
            adaBrowser.screenshots(SCREENSHOTS, "admin-audit");
        }
    }
}
