package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.wheel.WheelWriter;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A README-less verifiers v1 package: the version page shows the static taskset report, the environment page an
 * overview generated from the package; a README-less v0 package shows its description and what its report found.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class V1OverviewPageTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static TestWheels.Built v1Wheel(String name) {
        String module = name.replace('-', '_');
        CoreMetadata m = new CoreMetadata("2.1", name, "0.1.0", "Rhyme finder: answer with a word that rhymes", List.of(),
                null, ">=3.11", List.of("verifiers[openenv]>=0.1", "datasets"), null, null, null, null, List.of());
        WheelWriter w = new WheelWriter(m)
                .addFile(module + "/__init__.py", ("from " + module + ".taskset import RhymeTaskset\n__all__ = [\"RhymeTaskset\"]\n")
                        .getBytes(StandardCharsets.UTF_8))
                .addFile(module + "/taskset.py", "import verifiers.v1 as vf\n".getBytes(StandardCharsets.UTF_8));
        return new TestWheels.Built(w.fileName().toString(), w.toBytes());
    }

    /** The report the validator writes for that package (static checks only, with its layout). */
    static ObjectNode v1Report(String module) {
        String why = "dependency verifiers is not available from the upstream index";
        ObjectNode r = JSON.createObjectNode().put("status", "validated").put("runtimeVerified", false)
                .put("summary", "static checks passed; runtime checks skipped: " + why).put("skipReason", why);
        r.putArray("checks").addObject().put("id", "static.layout").put("status", "pass")
                .put("message", "verifiers v1 taskset RhymeTaskset (" + module + "/taskset.py)").put("durationMs", 2);
        ObjectNode l = r.putObject("layout").put("kind", "v1").put("module", module).put("where", module + "/taskset.py")
                .put("tasksetClass", "RhymeTaskset").put("tasksetDoc", "rhyme: the model answers with a rhyming word.")
                .put("taskClass", "RhymeTask").put("dataClass", "RhymeData").put("configClass", "RhymeConfig")
                .put("taskType", "single-turn");
        ArrayNode fields = l.putArray("configFields");
        fields.addObject().put("name", "dataset_name").put("type", "str").put("defaultValue", "\"someone/rhymes\"");
        fields.addObject().put("name", "dataset_split").put("type", "str").put("defaultValue", "\"train\"")
                .put("doc", "Which split to read.");
        l.putArray("rewards").addObject().put("name", "rhymes").put("weight", 0.75).put("source", "task");
        l.putArray("stops").add("one_reply");
        l.putArray("datasets").addObject().put("kind", "huggingface").put("id", "someone/rhymes").put("split", "train")
                .put("written", "load_dataset(self.config.dataset_name, split=self.config.dataset_split)")
                .put("host", "huggingface.co");
        ArrayNode deps = l.putArray("dependencies");
        deps.addObject().put("name", "verifiers").put("specifier", ">=0.1").putArray("extras").add("openenv");
        return r;
    }

    @Test
    void readmeLessV1PackageShowsItsStaticReportAndAGeneratedOverview() {
        String name = "rhyme-" + HubFixtures.unique();
        String module = name.replace('-', '_');
        HubFixtures.push("alice", "alice", v1Wheel(name), null);
        PageFixtures.validate("alice", name, "0.1.0", v1Report(module));

        String version = given().get("/alice/{name}/versions/0.1.0", name).then().statusCode(200).extract().asString();
        assertTrue(version.contains("Taskset (static report)"), version);
        assertTrue(version.contains("<code class=\"taskset-class\">RhymeTaskset</code>"), "taskset class");
        assertTrue(version.contains("<td><code>rhymes</code></td><td>0.75</td>"), "reward with weight");
        assertTrue(version.contains("Hugging Face someone/rhymes, split train"), "dataset source");
        assertTrue(version.contains("<code>verifiers[openenv]&gt;=0.1</code>"), "dependency with extras");
        assertTrue(version.contains("static checks only"), "static-only badge");

        String page = given().get("/alice/{name}", name).then().statusCode(200).extract().asString();
        String article = page.substring(page.indexOf("<article class=\"readme\">"), page.indexOf("</article>"));
        assertTrue(article.contains("This environment has no README. Overview generated from the package"), article);
        assertTrue(article.contains("Rhyme finder: answer with a word that rhymes"), "description");
        assertTrue(article.contains("rhyme: the model answers with a rhyming word."), "taskset docstring");
        assertTrue(article.contains("<td><code>dataset_name</code></td><td><code>str</code></td>"
                + "<td><code>&quot;someone/rhymes&quot;</code></td>"), "config field with default: " + article);
        assertTrue(article.contains("Which split to read."), "field docstring");
        assertTrue(article.contains("<td><code>rhymes</code></td><td>0.75</td>"), "reward with weight");
        assertTrue(article.contains("Stop conditions: <code>one_reply</code>"), "stop condition");
        assertTrue(article.contains("(needs huggingface.co)"), "dataset host");
    }

    @Test
    void readmeLessV0PackageShowsItsDescriptionAndWhatItsReportFound() {
        String name = "oldbare-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", PageFixtures.wheel(name, "1.0.0", "", List.of()), null);
        String before = given().get("/alice/{name}", name).then().statusCode(200).extract().asString();
        assertTrue(before.contains("Nothing more is known until the latest version has a validation report."), before);
        ObjectNode report = PageFixtures.report("validated", List.of("one row here", "two rows there"));
        report.putObject("rubric").putArray("functions").addObject().put("name", "exact").put("weight", 1.0).put("async", false);
        PageFixtures.validate("alice", name, "1.0.0", report);
        String page = given().get("/alice/{name}", name).then().statusCode(200).extract().asString();
        String article = page.substring(page.indexOf("<article class=\"readme\">"), page.indexOf("</article>"));
        assertTrue(article.contains("Pages test environment"), "description: " + article);
        assertTrue(article.contains("v0 environment"), article);
        assertTrue(article.contains("2 rows"), article);
        assertTrue(article.contains("<td><code>exact</code></td><td>1.0</td>"), article);
        assertFalse(article.contains("Taskset"), article);
    }
}
