package io.envhub.web;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.format.fingerprint.FingerprintBuilder;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.name.ProjectName;
import io.envhub.format.wheel.WheelWriter;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Fixtures for the page tests: wheels with a chosen README, and validation results posted as the real validator. */
final class PageFixtures {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CSRF = Pattern.compile("name=\"csrf-token\" value=\"([^\"]+)\"");

    private PageFixtures() {
    }

    /** A dependency-free environment wheel whose README is {@code readme} (Markdown). */
    static TestWheels.Built wheel(String name, String version, String readme, List<String> tags) {
        CoreMetadata metadata = new CoreMetadata("2.1", name, version, "Pages test environment", tags, "MIT", ">=3.9",
                List.of(), null, null, "text/markdown", readme, List.of());
        String code = "def load_environment(**kwargs):\n    return {}\n";
        WheelWriter writer = new WheelWriter(metadata)
                .addFile(ProjectName.of(name).moduleName() + ".py", code.getBytes(StandardCharsets.UTF_8));
        return new TestWheels.Built(writer.fileName().toString(), writer.toBytes());
    }

    /** A report as package-validator posts it: two checks, trust probes, and a fingerprint of {@code rows}. */
    static ObjectNode report(String status, List<String> rows) {
        ObjectNode r = JSON.createObjectNode().put("status", status).put("runtimeVerified", true)
                .put("summary", "validated".equals(status) ? "All checks passed" : "The rubric could not be loaded");
        ArrayNode checks = r.putArray("checks");
        checks.addObject().put("id", "static.archive").put("status", "pass").put("message", "Archive is a clean wheel")
                .put("durationMs", 3);
        checks.addObject().put("id", "runtime.rewards").put("status", "validated".equals(status) ? "warn" : "fail")
                .put("message", "Reward function exact returned 0.0 for every row").put("durationMs", 12);
        r.putObject("dataset").put("source", "dataset").put("size", rows.size()).put("rowsWithPrompt", rows.size());
        ObjectNode trust = r.putObject("trust").put("bestScore", 1.0).put("deterministic", true);
        trust.putArray("flags").add("The echo probe scores close to the best score");
        trust.putArray("probes").addObject().put("name", "echo").put("meanScore", 0.875).put("rows", rows.size())
                .put("errors", 0).put("flagged", true);
        r.set("fingerprint", JSON.valueToTree(FingerprintBuilder.build(rows, 1000)));
        return r;
    }

    /**
     * Claims validation jobs as the package-validator service account until the one for {@code owner/name version}
     * comes up, and posts {@code report} for it; other tests' jobs met on the way get a plain validated report.
     */
    static void validate(String owner, String name, String version, ObjectNode report) {
        String bearer = "Bearer " + Tokens.forClient("package-validator", "dev-validator-secret");
        for (int i = 0; i < 500; i++) {
            Response claim = given().baseUri(HubFixtures.hubUrl()).header("Authorization", bearer)
                    .contentType(ContentType.JSON).body("{\"worker\":\"pages-test\"}")
                    .post("/internal/v1/validation/claim");
            if (claim.statusCode() == 204) {
                throw new IllegalStateException("no validation job for " + owner + "/" + name + " " + version);
            }
            claim.then().statusCode(200);
            long job = claim.jsonPath().getLong("jobId");
            boolean mine = owner.equals(claim.jsonPath().getString("owner")) && name.equals(claim.jsonPath().getString("name"))
                    && version.equals(claim.jsonPath().getString("version"));
            ObjectNode body = JSON.createObjectNode().put("worker", "pages-test");
            body.set("report", mine ? report : JSON.createObjectNode().put("status", "validated").put("summary", "ok"));
            given().baseUri(HubFixtures.hubUrl()).header("Authorization", bearer).contentType(ContentType.JSON)
                    .body(body.toString()).post("/internal/v1/validation/{job}/result", job).then().statusCode(200);
            if (mine) {
                return;
            }
        }
        throw new IllegalStateException("gave up claiming jobs");
    }

    /** The CSRF token in a page's form. */
    static String csrfToken(String html) {
        Matcher m = CSRF.matcher(html);
        if (!m.find()) {
            throw new IllegalStateException("no CSRF field on the page");
        }
        return m.group(1);
    }
}
