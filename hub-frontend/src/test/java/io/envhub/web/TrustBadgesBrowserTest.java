package io.envhub.web;

import io.envhub.testprereq.Prerequisites;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The verdict badges in headless Chromium against the real backend: four environments whose reports (posted as the
 * validator posts them) make them verified, flagged, static-only and failed; each badge carries the hub's words and
 * its own colour on the search cards, the environment page and its versions table, and the version page, which also
 * lists the reason and the flags. The search page filters and counts by status. Screenshots land in
 * {@code target/screenshots/} (the README's search, environment and version pictures).
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class TrustBadgesBrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final String README = """
            # %s

            Solve short arithmetic word problems. Each row has a `prompt` and an `answer`; the reward is 1.0 for the
            exact number and 0.0 otherwise.

            | reward | when |
            |---|---|
            | 1.0 | the exact answer |
            | 0.0 | anything else |
            """;

    @TestHTTPResource("/")
    URL root;

    /** A report as package-validator posts it, for one verdict. */
    static ObjectNode report(String verdict) {
        boolean failed = "failed".equals(verdict);
        boolean runtime = !"static-only".equals(verdict) && !failed;
        ObjectNode r = JSON.createObjectNode().put("status", failed ? "failed" : "validated").put("runtimeVerified", runtime)
                .put("summary", failed ? "load_environment() raised" : "checks passed");
        ArrayNode checks = r.putArray("checks");
        checks.addObject().put("id", "static.archive").put("status", "pass").put("message", "clean wheel").put("durationMs", 2);
        if ("static-only".equals(verdict)) {
            String why = "missing dependency: verifiers>=0.1.5 (no wheel from the configured index)";
            checks.addObject().put("id", "install").put("status", "skip").put("message", "not run: " + why).put("durationMs", 0);
            checks.addObject().put("id", "runtime.import").put("status", "skip").put("message", "not run: " + why)
                    .put("durationMs", 0);
            r.put("skipReason", why);
            return r;
        }
        if (failed) {
            checks.addObject().put("id", "runtime.load_environment").put("status", "fail")
                    .put("message", "load_environment() raised RuntimeError: dataset file missing").put("durationMs", 40);
            return r;
        }
        checks.addObject().put("id", "runtime.rewards").put("status", "pass").put("message", "5 rows scored").put("durationMs", 9);
        boolean flagged = "flagged".equals(verdict);
        checks.addObject().put("id", "trust.reward_hacking").put("status", flagged ? "warn" : "pass")
                .put("message", flagged ? "reward hacking: the empty completion scores 1.000, close to the best score 1.000"
                        : "no probe scores close to the best").put("durationMs", 30);
        ObjectNode trust = r.putObject("trust").put("bestScore", 1.0).put("deterministic", true);
        ArrayNode flags = trust.putArray("flags");
        if (flagged) {
            flags.add("reward hacking: the empty completion scores 1.000, close to the best score 1.000");
        }
        trust.putArray("probes").addObject().put("name", "empty").put("meanScore", flagged ? 1.0 : 0.0).put("rows", 5)
                .put("errors", 0).put("flagged", flagged);
        return r;
    }

    @Test
    void badgesShowTheFourVerdictsOnCardsEnvironmentAndVersionPages() throws Exception {
        Prerequisites.requireChromium();
        String run = HubFixtures.unique();
        String tag = "badges" + run;
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, String> labels = Map.of("verified", "verified", "flagged", "verified with 1 flag",
                "static-only", "static checks only", "failed", "failed");
        for (String verdict : List.of("verified", "flagged", "static-only", "failed")) {
            String name = "arith-" + verdict + "-" + run;
            names.put(verdict, name);
            HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "1.0.0", README.formatted(name), List.of(tag, "math")), null);
            PageFixtures.validate("alice", name, "1.0.0", report(verdict));
        }
        String base = root.toString().replaceAll("/$", "");
        try (Chromium browser = Chromium.start()) {
            ChromeDriver driver = browser.driver();
            driver.get(base + "/search?tag=" + tag + "&sort=name");
            Set<String> colours = new HashSet<>();
            for (var e : names.entrySet()) {
                WebElement card = driver.findElement(By.xpath("//li[@class='env-card'][a[@class='env-name' and text()='alice/"
                        + e.getValue() + "']]"));
                WebElement badge = card.findElement(By.cssSelector(".trust"));
                assertEquals(labels.get(e.getKey()), badge.getText(), "card of " + e.getValue());
                assertEquals(e.getKey(), badge.getDomAttribute("data-status"));
                colours.add(badge.getCssValue("background-color") + " " + badge.getCssValue("color"));
            }
            assertEquals(4, colours.size(), "each verdict has its own colour: " + colours);
            // a card calls a version validated ("verified vX") only when the hub ran it: never a static-only one (issue 36
            // item 9)
            for (var e : names.entrySet()) {
                WebElement card = driver.findElement(By.xpath("//li[@class='env-card'][a[@class='env-name' and text()='alice/"
                        + e.getValue() + "']]"));
                boolean ran = "verified".equals(e.getKey()) || "flagged".equals(e.getKey());
                assertEquals(ran ? List.of("verified v1.0.0") : List.of(), card.findElements(By.cssSelector(".env-verified"))
                        .stream().map(WebElement::getText).toList(), e.getKey());
                assertTrue(!card.getText().contains("validated v"), card.getText());
            }
            Map<String, String> facet = new LinkedHashMap<>();
            for (WebElement li : driver.findElements(By.cssSelector(".status-facet li"))) {
                facet.put(li.findElement(By.tagName("a")).getText(), li.findElement(By.cssSelector(".muted")).getText());
            }
            assertEquals(Map.of("verified", "1", "verified with flags", "1", "static checks only", "1", "failed", "1"), facet);
            browser.screenshots(SCREENSHOTS, "search");

            // "Validated only" keeps the runtime-verified ones: not the static-only one (issue 36 item 9)
            driver.get(base + "/search?tag=" + tag + "&sort=name&validated=true");
            assertEquals(List.of("alice/" + names.get("flagged"), "alice/" + names.get("verified")),
                    driver.findElements(By.cssSelector(".results .env-card a.env-name")).stream().map(WebElement::getText)
                            .toList(), driver.getCurrentUrl());
            driver.get(base + "/search?tag=" + tag + "&sort=name");

            driver.findElement(By.linkText("static checks only")).click();
            List<String> shown = driver.findElements(By.cssSelector(".results .env-card a.env-name")).stream()
                    .map(WebElement::getText).toList();
            assertEquals(List.of("alice/" + names.get("static-only")), shown, driver.getCurrentUrl());
            assertTrue(driver.getCurrentUrl().contains("status=static-only"), driver.getCurrentUrl());

            for (var e : names.entrySet()) {
                driver.get(base + "/alice/" + e.getValue());
                assertEquals(labels.get(e.getKey()), driver.findElement(By.cssSelector(".env-badges .trust")).getText());
                assertEquals(labels.get(e.getKey()), driver.findElement(By.cssSelector(".versions tbody .trust")).getText());
                if ("static-only".equals(e.getKey())) {
                    browser.screenshots(SCREENSHOTS, "environment");
                }
                driver.get(base + "/alice/" + e.getValue() + "/versions/1.0.0");
                assertEquals(labels.get(e.getKey()), driver.findElement(By.cssSelector(".env-badges .trust")).getText());
                String reason = driver.findElements(By.cssSelector(".env-head .status-reason")).stream()
                        .map(WebElement::getText).findFirst().orElse("");
                List<String> flags = driver.findElements(By.cssSelector(".env-head .trust-flags li")).stream()
                        .map(WebElement::getText).toList();
                switch (e.getKey()) {
                    case "static-only" -> assertTrue(reason.startsWith("Runtime and trust checks not run: missing dependency: "
                            + "verifiers>=0.1.5"), reason);
                    case "failed" -> assertTrue(reason.contains("runtime.load_environment")
                            && reason.contains("RuntimeError: dataset file missing"), reason);
                    case "flagged" -> {
                        assertEquals(1, flags.size(), flags.toString());
                        assertTrue(flags.get(0).startsWith("reward-hacking "), flags.toString());
                        browser.screenshots(SCREENSHOTS, "version");
                    }
                    default -> assertEquals("", reason);
                }
                if (!"flagged".equals(e.getKey())) {
                    assertEquals(List.of(), flags, e.getKey());
                }
            }
        }
    }
}
