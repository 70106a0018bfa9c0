package io.envhub.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.KeycloakTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * A README-less verifiers v1 environment in Chromium: the generated overview is on the page (desktop and phone width),
 * and the version page shows the taskset's static report. Screenshots land in {@code target/screenshots/}.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class V1OverviewBrowserTest {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    @TestHTTPResource("/")
    URL root;

    @Test
    void theGeneratedOverviewOfAV1Environment() throws Exception {
        Prerequisites.requireChromium();
        String name = "rhyme-finder-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", V1OverviewPageTest.v1Wheel(name), null);
        PageFixtures.validate("alice", name, "0.1.0", V1OverviewPageTest.v1Report(name.replace('-', '_')));
        String base = root.toString().replaceAll("/$", "");
        try (Chromium browser = Chromium.start()) {
            ChromeDriver driver = browser.driver();
            driver.get(base + "/alice/" + name);
            assertTrue(driver.findElement(By.id("generated-overview")).isDisplayed());
            assertEquals("RhymeTaskset", driver.findElement(By.cssSelector("#generated-overview .taskset-class")).getText());
            List<String> rewards = driver.findElements(By.cssSelector("#generated-overview table.rewards td")).stream()
                    .map(e -> e.getText()).toList();
            assertEquals(List.of("rhymes", "0.75", "@vf.reward"), rewards);
            browser.screenshots(SCREENSHOTS, "v1-environment");
            driver.get(base + "/alice/" + name + "/versions/0.1.0");
            assertTrue(driver.findElement(By.cssSelector(".layout-report")).getText().contains("Hugging Face someone/rhymes"));
            browser.screenshots(SCREENSHOTS, "v1-version");
        }
    }
}
