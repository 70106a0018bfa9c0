package io.envhub.web;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.TestWheels;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Version pages against the real backend: validation and trust report, files, file text, counted download. */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class VersionPageTest {
    private static final List<String> ROWS = List.of("what is two plus two four", "name the capital of france paris",
            "reverse the word stressed desserts", "how many legs has a spider eight", "spell cat backwards tac");

    @Test
    void reportShowsChecksProbesAndContaminationLinks() {
        String original = "orig-" + HubFixtures.unique();
        String copy = "copy-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(original, "1.0.0"), null);
        PageFixtures.validate("alice", original, "1.0.0", PageFixtures.report("validated", ROWS));
        HubFixtures.push("sam", "sam", TestWheels.environment(copy, "2.0.0"), null);
        PageFixtures.validate("sam", copy, "2.0.0", PageFixtures.report("failed", ROWS));

        String html = given().get("/sam/{name}/versions/2.0.0", copy).then().statusCode(200).extract().asString();
        assertTrue(html.contains("The rubric could not be loaded"), "report summary");
        assertTrue(html.contains("<code>static.archive</code>") && html.contains("Archive is a clean wheel"), "check 1");
        assertTrue(html.contains("<code>runtime.rewards</code>") && html.contains("badge-fail"), "failed check");
        assertTrue(html.contains("Reward function exact returned 0.0 for every row"), "check message");
        assertTrue(html.contains("<td>echo</td><td>0.875</td>"), "probe score");
        assertTrue(html.contains("The echo probe scores close to the best score"), "trust flag");
        assertTrue(html.contains("two runs gave identical scores"), "determinism");
        assertTrue(html.contains("href=\"/alice/" + original + "/versions/1.0.0\""), "contamination links the original");
        assertTrue(html.contains("100.0% of this dataset"), "overlap shown");

        String env = given().get("/sam/{name}", copy).then().statusCode(200).extract().asString();
        assertTrue(env.contains("class=\"badge trust trust-failed\" data-status=\"failed\""), "failed badge on the environment page");
    }

    @Test
    void aVersionFlaggedOnlyForDatasetOverlapNeverSaysNothingToFlag() {
        // issue 36, item 9: the badge counts the hub's dataset-overlap flag, which is not among the report's own flags
        List<String> rows = List.of("overlap " + HubFixtures.unique() + " alpha", "overlap beta " + HubFixtures.unique(),
                "overlap gamma " + HubFixtures.unique());
        String first = "overlap-a-" + HubFixtures.unique();
        String second = "overlap-b-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(first, "1.0.0"), null);
        HubFixtures.push("alice", "alice", TestWheels.environment(second, "1.0.0"), null);
        com.fasterxml.jackson.databind.node.ObjectNode clean = PageFixtures.report("validated", rows);
        ((com.fasterxml.jackson.databind.node.ObjectNode) clean.get("trust")).putArray("flags");
        PageFixtures.validate("alice", first, "1.0.0", clean);
        PageFixtures.validate("alice", second, "1.0.0", clean.deepCopy());
        String html = given().get("/alice/{name}/versions/1.0.0", second).then().statusCode(200).extract().asString();
        assertTrue(html.contains("verified with 1 flag"), html);
        assertTrue(html.contains("<h2>Trust card</h2>"), html);
        assertFalse(html.contains("Nothing to flag"), "never under a flagged badge: " + html);
    }

    @Test
    void pendingVersionSaysItHasNoReportAndListsFiles() {
        String name = "files-" + HubFixtures.unique();
        HubFixtures.push("alice", "alice", TestWheels.environment(name, "0.3.0"), null);
        String module = name.replace('-', '_');
        String html = given().get("/alice/{name}/versions/0.3.0", name).then().statusCode(200).extract().asString();
        // issue 36, item 8: the heading is always there; what must be true is that a pending version has no report yet
        assertTrue(html.contains("No validation report yet: this version is "), html);
        assertFalse(html.contains("<table class=\"checks\">"), "no checks table without a report");
        assertFalse(html.contains("<h2>Trust card</h2>"), "no trust section without a report");
        String fileHref = "/alice/" + name + "/versions/0.3.0/files/" + module + ".py";
        assertTrue(html.contains("href=\"" + fileHref + "\""), "file listed");
        assertTrue(html.contains("/files/" + module + "-0.3.0.dist-info/METADATA\""), "dist-info listed");

        String code = given().get(fileHref).then().statusCode(200).extract().asString();
        assertTrue(code.contains("<pre class=\"file-text\">def load_environment(**kwargs):"), code);
        assertTrue(code.contains("[{&quot;prompt&quot;: &quot;abc&quot;"), "text is escaped");
        String meta = given().get("/alice/{name}/versions/0.3.0/files/{m}-0.3.0.dist-info/METADATA", name, module)
                .then().statusCode(200).extract().asString();
        assertTrue(meta.contains("Name: " + name), meta);
        given().get("/alice/{name}/versions/0.3.0/files/nope.txt", name).then().statusCode(404);
        given().get("/alice/{name}/versions/9.9.9", name).then().statusCode(404).body(containsString("Not found"));
    }

    @Test
    void downloadRedirectsToBytesWithTheSha256AndIsCounted() {
        String name = "dl-" + HubFixtures.unique();
        TestWheels.Built wheel = TestWheels.environment(name, "1.2.0");
        HubFixtures.push("alice", "alice", wheel, null);
        Response res = given().redirects().follow(false).get("/alice/{name}/versions/1.2.0/download", name);
        assertEquals(302, res.statusCode());
        String location = res.header("Location");
        assertNotNull(location);
        byte[] bytes = given().urlEncodingEnabled(false).get(location).then().statusCode(200).extract().asByteArray();
        assertEquals(EnvironmentPageTest.sha256(wheel.bytes()), EnvironmentPageTest.sha256(bytes));
        assertEquals(EnvironmentPageTest.sha256(wheel.bytes()), res.header("X-Checksum-Sha256"));

        // hub-backend counts downloads in memory and writes them once a second: poll for the count, with a deadline
        String page = "";
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!page.contains("1 downloads in the last 30 days") && System.nanoTime() < deadline) {
            page = given().get("/alice/{name}", name).then().statusCode(200).extract().asString();
        }
        assertTrue(page.contains("1 downloads in the last 30 days"), "chart counts the download");
        assertTrue(page.contains(": 1 download</title>"), "today's bar");
    }
}
