package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.ProjectWheels;
import io.envhub.testsupport.TestWheels;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The version diff page against the real backend: a version that changed its code, README and a dependency, and whose
 * validation raised a new flag. The page shows each change escaped; the versions table, the version page and the
 * compare form lead to it; Chromium renders it (the README's diff screenshot).
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class DiffPagesTest {
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final List<String> ROWS = List.of("reverse abc cba", "reverse hello olleh", "reverse level level");
    static final String CODE = """
            def load_environment(**kwargs):
                dataset = [{"prompt": "abc", "answer": "cba"}, {"prompt": "hello", "answer": "olleh"}]

                def exact(completion, answer, **_):
                    return 1.0 if completion == answer else 0.0

                return {"dataset": dataset, "rubric": {"funcs": [exact], "weights": [1.0]}}
            """;

    @TestHTTPResource("/")
    URL root;

    static ObjectNode report(String flag) {
        ObjectNode r = PageFixtures.report("validated", ROWS);
        var flags = ((ObjectNode) r.get("trust")).putArray("flags");
        if (flag != null) {
            flags.add(flag);
        }
        return r;
    }

    String published() {
        String name = "reverse-" + HubFixtures.unique();
        TestWheels.Built v1 = ProjectWheels.wheel(name, "0.1.0", "Reverse a text", CODE,
                "# Reverse\n\nReverse the prompt.\n", List.of("numpy>=1.26"), Map.of());
        TestWheels.Built v2 = ProjectWheels.wheel(name, "0.2.0", "Reverse a text", CODE.replace("completion == answer",
                "completion.strip() == answer  # <b>strip</b> spaces"), "# Reverse\n\nReverse the prompt, ignoring spaces.\n",
                List.of("numpy>=2"), Map.of());
        HubFixtures.push("alice", "alice", v1, null);
        PageFixtures.validate("alice", name, "0.1.0", report(null));
        HubFixtures.push("alice", "alice", v2, null);
        PageFixtures.validate("alice", name, "0.2.0", report("reward hacking: the empty completion scores 1.000"));
        return name;
    }

    @Test
    void theDiffPageShowsCodeReadmeDependencyAndValidationChangesEscaped() throws Exception {
        String name = published();
        String html = given().get("/alice/{name}/diff/0.1.0...0.2.0", name).then().statusCode(200).extract().asString();
        String module = name.replace('-', '_');
        assertTrue(html.contains("<code>" + module + ".py</code> <span class=\"change change-changed\">changed</span>"), html);
        assertTrue(html.contains("<span class=\"line-add\">+        return 1.0 if completion.strip() == answer  # &lt;b&gt;strip"
                + "&lt;/b&gt; spaces else 0.0</span>"), "the added line, escaped");
        assertFalse(html.contains("<b>strip</b>"), "never raw HTML from a package");
        assertTrue(html.contains("<span class=\"line-del\">-Reverse the prompt.</span>"), "README diff");
        assertTrue(html.contains("<td class=\"before\"><code>numpy&gt;=1.26</code></td><td class=\"after\"><code>numpy&gt;=2"
                + "</code></td>"), "dependency change");
        assertTrue(html.contains("New trust flags") && html.contains("<span class=\"flag-code\">reward-hacking</span>"), html);

        String env = given().get("/alice/{name}", name).then().statusCode(200).extract().asString();
        assertTrue(env.contains("href=\"/alice/" + name + "/diff/0.1.0...0.2.0\">since 0.1.0</a>"), "versions table link");
        String version = given().get("/alice/{name}/versions/0.2.0", name).then().statusCode(200).extract().asString();
        assertTrue(version.contains("href=\"/alice/" + name + "/compare?to=0.2.0\""), "version page link");
        given().redirects().follow(false).get("/alice/{name}/compare?to=0.2.0", name).then().statusCode(303)
                .header("Location", root.toString().replaceAll("/$", "") + "/alice/" + name + "/diff/0.1.0...0.2.0");
        given().redirects().follow(false).get("/alice/{name}/compare?from=0.2.0&to=0.1.0", name).then().statusCode(303)
                .header("Location", root.toString().replaceAll("/$", "") + "/alice/" + name + "/diff/0.2.0...0.1.0");
        given().get("/alice/{name}/diff/0.1.0...9.9.9", name).then().statusCode(404);
        given().get("/alice/{name}/diff/0.1.0", name).then().statusCode(404);
    }

    @Test
    void chromiumRendersTheDiffPage() throws Exception {
        Prerequisites.requireChromium();
        String name = published();
        try (Chromium browser = Chromium.start()) {
            ChromeDriver driver = browser.driver();
            driver.get(root.toString().replaceAll("/$", "") + "/alice/" + name + "/compare?to=0.2.0");
            assertTrue(driver.getCurrentUrl().endsWith("/diff/0.1.0...0.2.0"), driver.getCurrentUrl());
            assertEquals("+        return 1.0 if completion.strip() == answer  # <b>strip</b> spaces else 0.0",
                    driver.findElements(By.cssSelector("pre.diff .line-add")).stream().map(e -> e.getText())
                            .filter(t -> t.contains("strip()")).findFirst().orElse(""));
            Number height = (Number) driver.executeScript("return document.documentElement.scrollHeight");
            driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", Chromium.DESKTOP_WIDTH,
                    "height", Math.min(2400, height.intValue()), "deviceScaleFactor", 1, "mobile", false));
            Files.createDirectories(SCREENSHOTS);
            Files.write(SCREENSHOTS.resolve("version-diff-desktop.png"), driver.getScreenshotAs(OutputType.BYTES));
        }
    }
}
