package io.envhub.web.settings;

import static io.restassured.RestAssured.given;

import io.envhub.testsupport.Tokens;
import io.envhub.web.HubFixtures;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Records a validation verdict through the real internal API, as the validator service account does. */
final class Validations {
    private static final String WORKER = "settings-test-worker";
    private static final int MAX_CLAIMS = 50;

    private Validations() {
    }

    /**
     * Claims jobs until the one of {@code owner/name version} comes up and records a failed report for it with one
     * failing check; jobs of other versions claimed on the way are handed back (reported as an infrastructure failure,
     * which queues them again).
     */
    static void fail(String owner, String name, String version, String checkId, String message) {
        record(owner, name, version, Map.of("status", "failed", "runtimeVerified", false, "summary", message,
                "checks", List.of(Map.of("id", checkId, "status", "fail", "message", message, "durationMs", 3))));
    }

    /** Records a passed report (runtime checks ran and passed) for {@code owner/name version}, as {@link #fail} does. */
    static void pass(String owner, String name, String version) {
        record(owner, name, version, Map.of("status", "validated", "runtimeVerified", true, "summary", "all checks passed",
                "checks", List.of(Map.of("id", "runtime.rewards", "status", "pass", "message", "rewards ran", "durationMs", 3))));
    }

    private static void record(String owner, String name, String version, Map<String, Object> report) {
        String bearer = "Bearer " + Tokens.forClient("package-validator", "dev-validator-secret");
        List<Long> others = new ArrayList<>();
        try {
            for (int i = 0; i < MAX_CLAIMS; i++) {
                var res = given().baseUri(HubFixtures.hubUrl()).header("Authorization", bearer).contentType(ContentType.JSON)
                        .body(Map.of("worker", WORKER)).post("/internal/v1/validation/claim");
                if (res.statusCode() == 204) {
                    throw new IllegalStateException("no job for " + owner + "/" + name + " " + version);
                }
                JsonPath job = res.then().statusCode(200).extract().jsonPath();
                long jobId = job.getLong("jobId");
                if (owner.equals(job.getString("owner")) && name.equals(job.getString("name"))
                        && version.equals(job.getString("version"))) {
                    given().baseUri(HubFixtures.hubUrl()).header("Authorization", bearer).contentType(ContentType.JSON)
                            .body(Map.of("worker", WORKER, "report", report))
                            .post("/internal/v1/validation/{job}/result", jobId).then().statusCode(200);
                    return;
                }
                others.add(jobId);
            }
            throw new IllegalStateException("job for " + owner + "/" + name + " " + version + " not claimed");
        } finally {
            for (long other : others) {
                given().baseUri(HubFixtures.hubUrl()).header("Authorization", bearer).contentType(ContentType.JSON)
                        .body(Map.of("worker", WORKER, "error", "claimed by a frontend test looking for another job"))
                        .post("/internal/v1/validation/{job}/failure", other);
            }
        }
    }
}
