package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The trust card in headless Chromium against the real backend: a version whose report (posted as the validator posts
 * it) carries findings in every category with their evidence, and whose rows overlap a reference benchmark an admin
 * registered through the backend's admin API (the hub adds that finding itself). The card groups the findings by
 * category with the figures, shows each one's probe, example prompt, reply, score against the reference score and fix
 * hint, and never says "Nothing to flag" under the flagged badge. The screenshot lands in
 * {@code target/screenshots/trustcard.png}.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class TrustCardBrowserTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TestHTTPResource("/")
    URL root;

    private static ObjectNode finding(ArrayNode findings, String category, String probe, String message, String hint) {
        return findings.addObject().put("category", category).put("probe", probe).put("message", message).put("hint", hint);
    }

    /** A validator report with trust v2 findings and figures, and the fingerprint of {@code rows}. */
    static ObjectNode report(List<String> rows) {
        ObjectNode r = PageFixtures.report("validated", rows);
        ObjectNode trust = (ObjectNode) r.get("trust");
        trust.put("deterministic", false);
        ArrayNode flags = trust.putArray("flags");
        ArrayNode findings = trust.putArray("findings");
        finding(findings, "hacking", "answer-spraying", "a reply listing every integer from 0 to 100 scores 1.000",
                "Score only the final answer (the last number, or the one in answer tags), not any number in the reply.")
                .put("row", 2).put("prompt", "Tom has 3 apples and buys 4 more. How many apples has he?")
                .put("reply", "0 1 2 3 4 5 6 7 8 9 10 ... 100").put("score", 1.0).put("referenceScore", 1.0);
        finding(findings, "sparsity", "reference-answer", "the reference answer scores above the minimum on 1 row of 35",
                "Check that the reward compares like with like (strip whitespace, parse numbers) so correct answers score.")
                .put("row", 7).put("prompt", "What is 12 times 3?").put("reply", "36").put("score", 0.0)
                .put("referenceScore", 0.0);
        finding(findings, "diversity", "duplicate-prompts", "35 rows have only 1 distinct prompt",
                "Remove repeated rows: each distinct prompt once.");
        finding(findings, "determinism", "two-runs", "3 of 20 scores differ between two runs",
                "Seed any randomness in the reward, or remove it.");
        findings.forEach(f -> flags.add(f.get("message").asText()));
        trust.putObject("figures").put("rows", 35).put("rowsWithReference", 35).put("referenceNonZeroShare", 1.0 / 35)
                .put("referenceMean", 0.029).put("referenceSpread", 0.167).put("distinctPromptRatio", 1.0 / 35)
                .put("nearDuplicatePairs", 0).put("ngramDiversity", 0.031);
        return r;
    }

    @Test
    void theTrustCardGroupsFindingsWithTheirEvidenceAndFixHints() throws Exception {
        Prerequisites.requireChromium();
        String run = HubFixtures.unique();
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            rows.add("question " + run + " number " + i + " asks how many marbles remain after " + (i * 7) + " are lost");
        }
        // an admin registers a benchmark holding half of the rows (the hub keeps only its fingerprint)
        StringBuilder jsonl = new StringBuilder();
        for (String row : rows.subList(0, 10)) {
            jsonl.append(JSON.createObjectNode().put("question", row)).append('\n');
        }
        String bench = "mini-bench-" + run;
        given().baseUri(HubFixtures.hubUrl()).auth().oauth2(Tokens.forUser("ada", "ada"))
                .contentType("application/x-ndjson").queryParam("name", bench).queryParam("licence", "test items")
                .body(jsonl.toString().getBytes(StandardCharsets.UTF_8)).post("/api/v1/admin/reference-sets").then()
                .statusCode(201);

        String name = "arith-trust-" + run;
        HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "1.0.0", "# " + name, List.of("math")), null);
        PageFixtures.validate("alice", name, "1.0.0", report(rows));

        String base = root.toString().replaceAll("/$", "");
        try (Chromium browser = Chromium.start()) {
            ChromeDriver driver = browser.driver();
            driver.manage().window().setSize(new Dimension(Chromium.DESKTOP_WIDTH, 3200));
            driver.get(base + "/alice/" + name + "/versions/1.0.0");
            assertEquals("verified with 5 flags", driver.findElement(By.cssSelector(".env-badges .trust")).getText());
            WebElement card = driver.findElement(By.id("trust-card"));
            assertFalse(card.getText().contains("Nothing to flag"), card.getText());
            List<String> groups = card.findElements(By.cssSelector(".trust-group")).stream()
                    .map(g -> g.getDomAttribute("data-category")).toList();
            assertEquals(List.of("sparsity", "diversity", "determinism", "hacking", "contamination"), groups);

            WebElement hacking = card.findElement(By.cssSelector(".trust-group[data-category=hacking]"));
            assertTrue(hacking.findElement(By.tagName("h3")).getText().contains("1 flag"), hacking.getText());
            WebElement spray = hacking.findElement(By.cssSelector(".finding[data-probe=answer-spraying]"));
            assertEquals("Tom has 3 apples and buys 4 more. How many apples has he?",
                    spray.findElement(By.cssSelector(".evidence-prompt")).getText());
            assertEquals("0 1 2 3 4 5 6 7 8 9 10 ... 100", spray.findElement(By.cssSelector(".evidence-reply")).getText());
            assertEquals("1.000 against 1.000 for the reference answer", spray.findElement(By.cssSelector(".evidence-score")).getText());
            assertTrue(spray.findElement(By.cssSelector(".finding-hint")).getText().startsWith("Fix: Score only the final answer"));

            WebElement sparsity = card.findElement(By.cssSelector(".trust-group[data-category=sparsity]"));
            assertEquals("2.9%", sparsity.findElement(By.cssSelector(".figure-nonzero")).getText());
            assertEquals("2.9%", card.findElement(By.cssSelector(".trust-group[data-category=diversity] .figure-distinct"))
                    .getText());
            assertTrue(card.findElement(By.cssSelector(".trust-group[data-category=determinism]")).getText()
                    .contains("two runs gave different scores"));

            // the hub's own finding: half of the rows are in the registered benchmark
            WebElement contamination = card.findElement(By.cssSelector(".trust-group[data-category=contamination]"));
            WebElement overlap = contamination.findElement(By.cssSelector(".finding[data-probe=benchmark-overlap]"));
            assertTrue(overlap.getText().contains("50 % of rows overlap " + bench), overlap.getText());
            assertTrue(overlap.findElement(By.cssSelector(".finding-hint")).getText().startsWith("Fix: Remove " + bench),
                    overlap.getText());

            Path shots = Path.of("target", "screenshots");
            Files.createDirectories(shots);
            Files.write(shots.resolve("trustcard.png"), card.getScreenshotAs(OutputType.BYTES));
        } finally {
            given().baseUri(HubFixtures.hubUrl()).auth().oauth2(Tokens.forUser("ada", "ada"))
                    .delete("/api/v1/admin/reference-sets/" + bench).then().statusCode(204);
        }
    }
}
