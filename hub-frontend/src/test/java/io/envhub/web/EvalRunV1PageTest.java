package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.Chromium;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.RepoPaths;
import io.envhub.testsupport.V1RunDirs;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A verifiers v1 run's page against the real backend (issue 30, issue 36 item 9): the run directory pushed as it is
 * (configs/eval.json + traces.jsonl), the page shows its date and duration, and each episode's turns (role, content),
 * tool calls (name, arguments, result), stop condition and rewards per function; completions keep their
 * {@code <answer>} tags, escaped and visible. With Chromium present, a screenshot goes to
 * {@code docs/screenshots/} (evals-run-v1).
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class EvalRunV1PageTest {
    @TestHTTPResource("/")
    URL root;

    @TempDir
    Path tmp;

    @Test
    void aV1RunPageShowsEpisodesTurnsToolCallsStopConditionsRewardsAndAnswerTags() throws Exception {
        String name = "math-tools-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "1.0.0", "# " + name + "\n\nArithmetic with a tool.",
                List.of("math")), null);
        PageFixtures.validate("alice", name, "1.0.0", TrustBadgesBrowserTest.report("verified"));
        Path dir = V1RunDirs.write(tmp.resolve("v1"), "alice/" + name + "@1.0.0", "openai/gpt-5-mini", 3, 2,
                (t, r) -> t == 0 || r == 0 ? 1.0 : 0.0);
        long id = given().baseUri(HubFixtures.hubUrl()).header("Authorization", HubFixtures.bearer("alice"))
                .multiPart("config", dir.resolve("configs/eval.json").toFile(), "application/json")
                .multiPart("traces", dir.resolve("traces.jsonl").toFile(), "application/x-ndjson")
                .post("/api/v1/environments/{o}/{n}/versions/{v}/evals", "alice", name, "1.0.0")
                .then().statusCode(201).extract().jsonPath().getLong("id");

        String page = given().baseUri(root.toString()).get("/alice/" + name + "/evals/" + id).then().statusCode(200)
                .extract().asString();
        Document doc = Jsoup.parse(page);
        assertEquals("2026-11-30 12:00 UTC", doc.selectFirst(".run-date").text(), "the pages' date format");
        assertEquals("2026-11-30T12:00:00Z", doc.selectFirst(".run-date").attr("title"), "as recorded");
        assertEquals("54.5 s", doc.selectFirst(".run-duration").text());
        assertTrue(doc.selectFirst(".run-grid").text().contains("verifiers v1"), doc.selectFirst(".run-grid").text());
        assertTrue(doc.select("table.metrics").first().text().contains("correct"), "per-function means");
        assertFalse(doc.select("table.metrics").first().text().contains("num_turns"), "a metric is not a reward function");
        assertEquals("num_turns 2.000", doc.selectFirst("table.trace-metrics tbody tr").text(), "trace metrics apart");

        List<Element> episodes = doc.select("article.episode");
        assertEquals(6, episodes.size(), "one article per trace: 6 episodes of one trace, on one page of 20");
        Element first = episodes.get(0);
        assertTrue(first.selectFirst("h4").text().contains("task-0"), first.selectFirst("h4").text());
        assertEquals("no_tool_calls", first.selectFirst(".stop-condition").text());
        assertEquals(List.of("correct 1.000 1.000 1.000", "format 1.000 0.200 0.200"),
                first.select("table.episode-rewards tbody tr").eachText());
        assertEquals(List.of("system", "user", "assistant", "assistant"), first.select("ol.turns > li > .role").eachText());
        Element call = first.selectFirst(".tool-call");
        assertEquals("calculator", call.selectFirst(".tool-name").text());
        assertEquals("{\"expression\": \"0*7\"}", call.selectFirst(".tool-args").text());
        assertEquals("0", call.selectFirst(".tool-result").text());
        List<Element> turns = first.select("ol.turns > li");
        assertEquals("<answer>0</answer>", turns.get(3).selectFirst(".msg-text").text(), "the tags are shown");
        assertTrue(page.contains("&lt;answer&gt;0&lt;/answer&gt;"), "escaped, not stripped");
        assertFalse(page.contains("<answer>"), "never as markup");
        assertEquals("<answer>unsure</answer>", episodes.get(3).select("ol.turns > li").get(3).selectFirst(".msg-text").text());

        if (java.nio.file.Files.isExecutable(Path.of(System.getenv().getOrDefault("ENVHUB_TEST_CHROMIUM", "/usr/bin/chromium")))) {
            try (Chromium browser = Chromium.start()) {
                browser.driver().get(root.toString().replaceAll("/$", "") + "/alice/" + name + "/evals/" + id);
                browser.screenshots(RepoPaths.root().resolve("docs/screenshots"), "evals-run-v1");
            }
        }
    }
}
