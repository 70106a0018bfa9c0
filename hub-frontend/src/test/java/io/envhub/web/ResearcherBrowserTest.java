package io.envhub.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testprereq.Prerequisites;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.KeycloakTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The Dataset tab and the phone layout in headless Chromium against the real backend: the sample rows (with markup
 * that must stay text) in a table, the install box above the README on a phone, commands that wrap inside the screen.
 * Screenshots in {@code target/screenshots/} (copied to docs/screenshots).
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class ResearcherBrowserTest {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final String README = """
            # Arithmetic drills

            Short arithmetic word problems; the reward is 1.0 for the exact number.

            | column | what it holds | example |
            |---|---|---|
            | prompt | the question, as a chat message from the user | What is 17 multiplied by 23? |
            | answer | the exact number expected back from the model | 391 |
            """;

    @TestHTTPResource("/")
    URL root;

    @Test
    void datasetTabAndPhoneLayout() {
        Prerequisites.requireChromium();
        String name = "arith-drills-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "1.0.0", README, List.of("mathematics", "single-turn")), null);
        ObjectNode report = PageFixtures.report("validated", List.of("what is 17 times 23 391", "what is 5 plus 8 13"));
        ObjectNode dataset = (ObjectNode) report.get("dataset");
        dataset.put("size", 500);
        dataset.putArray("columns").add("prompt").add("answer").add("info");
        ArrayNode schema = dataset.putArray("schema");
        schema.addObject().put("name", "prompt").put("type", "chat");
        schema.addObject().put("name", "answer").put("type", "string");
        schema.addObject().put("name", "info").put("type", "object");
        ArrayNode sample = dataset.putArray("sample");
        sample.addArray().add("user: What is 17 multiplied by 23? Reply with the number only.").add("391").add("{\"level\": 2}");
        sample.addArray().add("user: <img src=x onerror=\"window.__envhubXss='dataset'\"> What is 5 plus 8?").add("13").addNull();
        sample.addArray().add("system: You are a careful calculator.\nuser: What is 144 divided by 12?").add("12")
                .add("{\"level\": 1}");
        PageFixtures.validate("alice", name, "1.0.0", report);

        String base = root.toString().replaceAll("/$", "");
        try (Chromium browser = Chromium.start()) {
            ChromeDriver driver = browser.driver();
            driver.get(base + "/alice/" + name);
            driver.findElement(By.cssSelector("nav.env-tabs a[href$='/dataset']")).click();
            assertTrue(driver.getCurrentUrl().endsWith("/alice/" + name + "/dataset"), driver.getCurrentUrl());
            assertEquals("Dataset of v1.0.0", driver.findElement(By.cssSelector("section.dataset h2")).getText());
            List<String> headers = driver.findElements(By.cssSelector("table.dataset-rows thead th")).stream()
                    .map(WebElement::getText).toList();
            assertEquals(List.of("#", "prompt", "answer", "info"), headers);
            List<WebElement> rows = driver.findElements(By.cssSelector("table.dataset-rows tbody tr"));
            assertEquals(3, rows.size());
            String hostile = rows.get(1).findElements(By.cssSelector("pre.cell")).get(0).getText();
            assertTrue(hostile.contains("<img src=x onerror="), "markup is shown as text: " + hostile);
            assertTrue(driver.findElements(By.cssSelector("table.dataset-rows img")).isEmpty(), "no element from the data");
            assertNull(driver.executeScript("return window.__envhubXss || null;"), "no script from the data ran");
            browser.screenshots(Path.of("target", "screenshots"), "dataset");

            driver.get(base + "/alice/" + name);
            driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", Chromium.PHONE_WIDTH,
                    "height", Chromium.PHONE_HEIGHT, "deviceScaleFactor", 1, "mobile", true));
            try {
                int install = driver.findElement(By.cssSelector("section.install")).getRect().getY();
                int readme = driver.findElement(By.cssSelector("article.readme")).getRect().getY();
                assertTrue(install < readme, "on a phone the Install box (y=" + install + ") comes before the README (y="
                        + readme + ")");
                for (String id : List.of("install-pip", "install-vf", "install-uv-extra")) {
                    WebElement command = driver.findElement(By.id(id));
                    assertTrue(command.getRect().getX() + command.getRect().getWidth() <= Chromium.PHONE_WIDTH,
                            "the install command " + id + " wraps inside the screen: " + command.getRect());
                }
                assertEquals("vf-install alice/" + name + "@1.0.0", driver.findElement(By.id("install-vf")).getText());
                assertTrue(driver.findElement(By.id("install-uv-extra")).getText().startsWith("uv pip install " + name
                        + "==1.0.0 --extra-index-url http"), driver.findElement(By.id("install-uv-extra")).getText());
                Object pageWidth = driver.executeScript("return document.documentElement.scrollWidth;");
                Object widening = driver.executeScript("var w = arguments[0], out = [];"
                        + " document.querySelectorAll('body *').forEach(function (e) {"
                        + " var r = e.getBoundingClientRect(); if (r.right > w + 0.5) out.push(e.tagName.toLowerCase()"
                        + " + (e.className ? '.' + String(e.className).replace(/ +/g, '.') : '') + ' right=' + Math.round(r.right)"
                        + " + (e.tagName === 'A' ? ' [' + e.outerHTML.slice(0, 160) + ' in '"
                        + " + e.parentElement.outerHTML.slice(0, 80) + ']' : '')); });"
                        + " return out.slice(0, 8).join(', ');", Chromium.PHONE_WIDTH);
                assertTrue(((Number) pageWidth).intValue() <= Chromium.PHONE_WIDTH,
                        "nothing widens the page: " + pageWidth + " (wider: " + widening + ")");
                Object brokenWord = driver.executeScript("var c = getComputedStyle(document.getElementById('install-pip'));"
                        + " return c.overflowWrap + ' ' + c.wordBreak;");
                assertEquals("break-word normal", brokenWord, "words are kept whole where they fit");
            } finally {
                driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
            }
            browser.screenshots(SCREENSHOTS, "environment-install-first");
            assertFalse(driver.findElements(By.cssSelector("form.top-search input[name=q]")).isEmpty(), "top search box");
        }
    }
}
