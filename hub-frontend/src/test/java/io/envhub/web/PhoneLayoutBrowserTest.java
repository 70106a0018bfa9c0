package io.envhub.web;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.KeycloakTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * Phone layouts in headless Chromium at 390 x 844 (issue 36 item 10): the search results start within the first screen
 * (they started 1,485 px down, under the filters and facets), and neither the search page nor the admin payouts page
 * scrolls sideways. (bounty-service is absent here, so the payouts page shows its tabs and the inline refusal; the
 * payouts table with rows is measured in stack-tests' MoneyBrowserIT.)
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class PhoneLayoutBrowserTest {
    /**
     * Where the results may start at the latest: in the top three quarters of the first screen, so a card shows without
     * scrolling (measured 610 px with the facets after the results; the issue measured 1,485 px).
     */
    private static final int RESULTS_BY = Chromium.PHONE_HEIGHT * 3 / 4;

    @TestHTTPResource("/")
    URL root;

    @Test
    void searchResultsStartNearTheTopAndNoPageScrollsSideways() {
        Prerequisites.requireChromium();
        String run = HubFixtures.unique();
        String tag = "phone" + run;
        List<String> tags = new ArrayList<>(List.of(tag));
        for (int i = 0; i < 12; i++) {
            tags.add("facet-" + i + "-" + run); // enough tags for a long facet list
        }
        for (int i = 0; i < 3; i++) {
            HubFixtures.push("alice", "alice", PageFixtures.wheel("phone-" + i + "-" + run, "1.0.0", "# phone " + i, tags), null);
        }
        String base = root.toString().replaceAll("/$", "");
        try (Chromium browser = Chromium.start()) {
            ChromeDriver driver = browser.driver();
            AdminScreenshotsBrowserTest.signIn(driver, base, "ada");
            driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", Chromium.PHONE_WIDTH,
                    "height", Chromium.PHONE_HEIGHT, "deviceScaleFactor", 1, "mobile", true));
            try {
                driver.get(base + "/search?tag=" + tag);
                int results = driver.findElement(By.cssSelector(".results .env-card")).getRect().getY();
                assertTrue(results <= RESULTS_BY, "the first result starts at y=" + results + ", past " + RESULTS_BY);
                assertNoSidewaysScroll(driver, "search");
                driver.get(base + "/admin/payouts");
                assertTrue(driver.findElement(By.tagName("h1")).getText().contains("Payouts"));
                assertNoSidewaysScroll(driver, "payouts");
            } finally {
                driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
            }
        }
    }

    /** document.documentElement.scrollWidth at most the viewport's width, naming what widens the page otherwise. */
    static void assertNoSidewaysScroll(ChromeDriver driver, String page) {
        Object width = driver.executeScript("return document.documentElement.scrollWidth;");
        Object widening = driver.executeScript("var w = arguments[0], out = [];"
                + " document.querySelectorAll('body *').forEach(function (e) {"
                + " var r = e.getBoundingClientRect(); if (r.right > w + 0.5) out.push(e.tagName.toLowerCase()"
                + " + (e.className ? '.' + String(e.className).replace(/ +/g, '.') : '') + ' right=' + Math.round(r.right)); });"
                + " return out.slice(0, 8).join(', ');", Chromium.PHONE_WIDTH);
        assertTrue(((Number) width).intValue() <= Chromium.PHONE_WIDTH,
                page + " scrolls sideways: scrollWidth " + width + " (wider: " + widening + ")");
    }
}
