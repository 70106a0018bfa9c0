package io.envhub.registry.validation;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The verdict (trustStatus, statusLabel, runtimeVerified, trustFlags, statusReason) on every endpoint that shows a version
 * or an environment, after reports posted through the internal validation API; the status filter and facet; yank,
 * delete and visibility changes keeping it right.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class TrustStatusTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    QueueFixtures queue;

    String validator;
    String alice;
    String run;
    String tag;
    Owner owner;

    @BeforeEach
    void setUp() {
        validator = Tokens.forClient("package-validator", "dev-validator-secret");
        alice = Tokens.forUser("alice", "alice");
        run = RegistryFixtures.run();
        tag = "ts-" + run;
        owner = fixtures.user("alice");
    }

    /** A report as the validator posts it. */
    static Map<String, Object> report(String status, boolean runtimeVerified, List<Map<String, Object>> checks,
                                      List<String> flags) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("status", status);
        report.put("runtimeVerified", runtimeVerified);
        report.put("summary", status + " summary");
        List<Map<String, Object>> all = new ArrayList<>();
        all.add(check("static.archive", "pass", "archive checked"));
        all.addAll(checks);
        report.put("checks", all);
        report.put("trust", Map.of("flags", flags));
        return report;
    }

    static Map<String, Object> check(String id, String status, String message) {
        return Map.of("id", id, "status", status, "message", message, "durationMs", 1);
    }

    private void complete(long job, Map<String, Object> report) {
        String worker = "w-" + run;
        queue.claimUntil(validator, worker, job);
        given().auth().oauth2(validator).contentType("application/json").body(Map.of("worker", worker, "report", report))
                .post(QueueFixtures.BASE + "/" + job + "/result").then().statusCode(200);
    }

    private void fail3(long job) {
        for (int attempt = 1; attempt <= 3; attempt++) {
            String worker = "w-" + attempt + "-" + run;
            queue.claimUntil(validator, worker, job);
            given().auth().oauth2(validator).contentType("application/json")
                    .body(Map.of("worker", worker, "error", "object store unreachable " + attempt))
                    .post(QueueFixtures.BASE + "/" + job + "/failure").then().statusCode(200);
        }
    }

    private String env(String name) {
        return "/api/v1/environments/alice/" + name;
    }

    private JsonPath search(String query) {
        return given().auth().oauth2(alice).get("/api/v1/environments?" + query).then().statusCode(200).extract().jsonPath();
    }

    @Test
    void everyEndpointCarriesTheVerdictAndSearchFiltersAndCountsIt() {
        String verified = "ok-" + run;
        String flagged = "flag-" + run;
        String staticOnly = "static-" + run;
        String failed = "bad-" + run;
        String validating = "wait-" + run;
        String error = "err-" + run;
        complete(queue.pushed(owner, verified, "public", List.of(tag)).job(), report("validated", true, List.of(), List.of()));
        complete(queue.pushed(owner, flagged, "public", List.of(tag)).job(), report("validated", true, List.of(),
                List.of("reward hacking: the empty completion scores 0.95, close to the best score 1.00",
                        "not deterministic: 2 of 9 probe scores differ")));
        complete(queue.pushed(owner, failed, "public", List.of(tag)).job(), report("failed", false,
                List.of(check("static.entry_point", "fail", "no load_environment")), List.of()));
        fail3(queue.pushed(owner, error, "private", List.of(tag)).job());
        Map<String, Object> skipped = report("validated", false, List.of(check("runtime.import", "skip", "not run")), List.of());
        skipped.put("skipReason", "missing dependency: verifiers>=0.1.5 (no wheel from the configured index)");
        complete(queue.pushed(owner, staticOnly, "public", List.of(tag)).job(), skipped);
        queue.pushed(owner, validating, "public", List.of(tag)); // last: no claim takes it on the way to another job

        // versions list and detail
        given().get(env(flagged) + "/versions").then().statusCode(200)
                .body("[0].status", nullValue()).body("[0].trustStatus", equalTo("flagged"))
                .body("[0].statusLabel", equalTo("verified with 2 flags")).body("[0].runtimeVerified", equalTo(true))
                .body("[0].trustFlags.code", contains("reward-hacking", "non-deterministic"))
                .body("[0].trustFlags[0].message", equalTo("the empty completion scores 0.95, close to the best score 1.00"))
                .body("[0].statusReason", nullValue());
        given().get(env(staticOnly) + "/versions/1.0.0").then().statusCode(200)
                .body("status", nullValue()).body("trustStatus", equalTo("static-only"))
                .body("statusLabel", equalTo("static checks only")).body("runtimeVerified", equalTo(false))
                .body("statusReason", equalTo("missing dependency: verifiers>=0.1.5 (no wheel from the configured index)"));
        given().get(env(failed) + "/versions/1.0.0").then().statusCode(200).body("trustStatus", equalTo("failed"))
                .body("statusReason", equalTo("static.entry_point: no load_environment"));
        given().get(env(validating) + "/versions/1.0.0").then().statusCode(200).body("status", nullValue())
                .body("trustStatus", equalTo("validating")).body("statusLabel", equalTo("validating"));
        given().auth().oauth2(alice).get(env(error) + "/versions/1.0.0").then().statusCode(200).body("status", nullValue())
                .body("trustStatus", equalTo("error")).body("statusReason", equalTo("object store unreachable 3"));

        // the report's top level
        given().get(env(flagged) + "/versions/1.0.0/report").then().statusCode(200).body("trustStatus", equalTo("flagged"))
                .body("statusLabel", equalTo("verified with 2 flags")).body("runtimeVerified", equalTo(true))
                .body("trustFlags.code", contains("reward-hacking", "non-deterministic")).body("statusReason", nullValue())
                .body("checks[0].id", equalTo("static.archive"));

        // environment detail: the latest version's verdict, and the newest validated one under `validated`
        given().get(env(verified)).then().statusCode(200).body("latestStatus", nullValue())
                .body("trustStatus", equalTo("verified")).body("statusLabel", equalTo("verified"))
                .body("runtimeVerified", equalTo(true)).body("trustFlags.size()", equalTo(0))
                .body("validated.version", equalTo("1.0.0")).body("validated.trustStatus", equalTo("verified"));
        given().get(env(failed)).then().statusCode(200).body("trustStatus", equalTo("failed")).body("validated", nullValue());

        // search items, the filter (repeated or comma-separated) and the facet, on the counters' path (one tag) ...
        JsonPath all = search("tag=" + tag + "&sort=name");
        assertEquals(6, all.getInt("total"));
        assertEquals(Map.of("verified", 1, "flagged", 1, "static-only", 1, "failed", 1, "validating", 1, "error", 1),
                all.getMap("facets.statuses"));
        assertEquals("verified with 2 flags", field(all, flagged, "statusLabel"));
        assertEquals("missing dependency: verifiers>=0.1.5 (no wheel from the configured index)",
                field(all, staticOnly, "statusReason"));
        assertEquals(null, field(all, staticOnly, "latestStatus"));
        JsonPath some = search("tag=" + tag + "&status=flagged,static-only&status=error");
        assertEquals(3, some.getInt("total"));
        assertEquals(List.of(error, flagged, staticOnly), sortedNames(some));
        assertEquals(6, some.getMap("facets.statuses").values().stream().mapToInt(n -> (Integer) n).sum(),
                "the facet counts every status, not only the filtered ones");
        JsonPath passed = search("tag=" + tag + "&validated=true&status=verified,failed");
        assertEquals(List.of(verified), sortedNames(passed));
        assertEquals(Map.of("verified", 1, "flagged", 1, "static-only", 0, "failed", 0, "validating", 0, "error", 0),
                passed.getMap("facets.statuses"));
        // validated means runtime verified: the static-only one is not validated (issue 36 item 9), on both paths
        assertEquals(List.of(flagged, verified), sortedNames(search("tag=" + tag + "&validated=true")));
        assertEquals(2, search("tag=" + tag + "&validated=true").getInt("total"));
        assertEquals(List.of(flagged, verified), sortedNames(search("tag=" + tag + "&owner=alice&validated=true")));
        assertEquals(2, search("tag=" + tag + "&owner=alice&validated=true").getInt("total"));
        assertEquals(0, search("tag=" + tag + "&validated=true&status=static-only").getInt("total"));
        // ... and on the match set's path (text and owner)
        JsonPath byOwner = search("tag=" + tag + "&owner=alice&q=queue&status=failed");
        assertEquals(List.of(failed), sortedNames(byOwner));
        assertEquals("static.entry_point: no load_environment", byOwner.getString("items[0].statusReason"));
        assertEquals(Map.of("verified", 1, "flagged", 1, "static-only", 1, "failed", 1, "validating", 1, "error", 1),
                byOwner.getMap("facets.statuses"));
        // anonymous callers do not count the private (error) one
        JsonPath anonymous = given().get("/api/v1/environments?tag=" + tag).then().statusCode(200).extract().jsonPath();
        assertEquals(0, anonymous.getInt("facets.statuses.error"));
        assertEquals(5, anonymous.getInt("total"));

        given().get("/api/v1/environments?status=verified&status=great").then().statusCode(400)
                .contentType("application/problem+json").body("type", equalTo("https://envhub.dev/problems/invalid-status"));

        // explore: the newest validated list carries the verdict
        JsonPath explore = given().get("/api/v1/explore").then().statusCode(200).extract().jsonPath();
        assertEquals("verified", explore.getString("newestValidated.find { it.name == '" + verified + "' }.trustStatus"));
        assertEquals(null, explore.getString("newestValidated.find { it.name == '" + staticOnly + "' }.trustStatus"),
                "a static-only version is not among the newest validated (issue 36 item 9)");
        // my environments
        JsonPath mine = given().auth().oauth2(alice).get("/api/v1/me/environments").then().statusCode(200).extract().jsonPath();
        assertEquals("error", mine.getString("find { it.name == '" + error + "' }.trustStatus"));
        assertEquals("object store unreachable 3", mine.getString("find { it.name == '" + error + "' }.statusReason"));
        assertEquals("verified with 2 flags", mine.getString("find { it.name == '" + flagged + "' }.statusLabel"));
        assertEquals("non-deterministic", mine.getString("find { it.name == '" + flagged + "' }.trustFlags[1].code"));
    }

    @Test
    void yankDeleteAndVisibilityKeepTheEnvironmentsVerdictRight() {
        String name = "moves-" + run;
        QueueFixtures.Pushed first = queue.pushed(owner, name, "public", List.of(tag));
        complete(first.job(), report("validated", true, List.of(), List.of()));
        Environment env = QuarkusTransaction.requiringNew().call(() -> Environment.find("alice", name).orElseThrow());
        complete(queue.pushed(env, "2.0.0").job(), report("failed", false,
                List.of(check("runtime.rewards", "fail", "reward function returned NaN")), List.of()));
        // newest validated (1.0.0) wins over the failed latest (2.0.0)
        given().get(env(name)).then().body("latestVersion", equalTo("2.0.0")).body("trustStatus", equalTo("failed"))
                .body("validated.version", equalTo("1.0.0")).body("validated.trustStatus", equalTo("verified"));
        assertEquals(List.of("verified"), statuses("tag=" + tag));
        assertEquals(List.of(name), sortedNames(search("tag=" + tag + "&status=verified")));

        given().auth().oauth2(alice).contentType("application/json").body(Map.of("reason", "broken"))
                .post(env(name) + "/versions/1.0.0/yank").then().statusCode(200);
        assertEquals(List.of("failed"), statuses("tag=" + tag));
        assertEquals("runtime.rewards: reward function returned NaN", search("tag=" + tag).getString("items[0].statusReason"));
        assertEquals(1, search("tag=" + tag).getInt("facets.statuses.failed"));
        assertEquals(0, search("tag=" + tag + "&status=verified").getInt("total"));
        given().get(env(name)).then().body("validated", nullValue());

        given().auth().oauth2(alice).post(env(name) + "/versions/1.0.0/unyank").then().statusCode(200);
        assertEquals(List.of("verified"), statuses("tag=" + tag));

        // visibility: a private environment leaves the public counters (anonymous listing), and comes back
        given().auth().oauth2(alice).contentType("application/json").body(Map.of("visibility", "private"))
                .patch(env(name)).then().statusCode(200);
        JsonPath anonymous = given().get("/api/v1/environments?tag=" + tag).then().extract().jsonPath();
        assertEquals(0, anonymous.getInt("facets.statuses.verified"));
        given().auth().oauth2(alice).contentType("application/json").body(Map.of("visibility", "public"))
                .patch(env(name)).then().statusCode(200);
        assertEquals(1, given().get("/api/v1/environments?tag=" + tag + "&status=verified").then().extract().jsonPath()
                .getInt("total"));

        given().auth().oauth2(alice).delete(env(name) + "/versions/1.0.0").then().statusCode(204);
        assertEquals(List.of("failed"), statuses("tag=" + tag));
        JsonPath after = search("tag=" + tag);
        assertEquals(1, after.getInt("facets.statuses.failed"));
        assertEquals(0, after.getInt("facets.statuses.verified"));
        given().get("/api/v1/environments?tag=" + tag + "&status=failed").then().body("total", equalTo(1))
                .body("items.name", hasItem(name)).body("items.trustStatus", not(hasItem("verified")));
        given().get(env(name) + "/versions").then().body("trustStatus", containsInAnyOrder("failed"));
    }

    @Test
    void theOpenApiDocumentShowsTheVerdictFieldsWhereTheJsonHasThem() {
        JsonPath doc = given().accept("application/json").get("/q/openapi").then().statusCode(200).extract().jsonPath();
        String listRef = doc.getString("paths.'/api/v1/environments'.get.responses.'200'.content.'application/json'.schema.'$ref'");
        String search = listRef.substring(listRef.lastIndexOf('/') + 1);
        String itemRef = doc.getString("components.schemas." + search + ".properties.items.items.'$ref'");
        String item = itemRef.substring(itemRef.lastIndexOf('/') + 1);
        java.util.Set<String> fields = doc.<String, Object>getMap("components.schemas." + item + ".properties").keySet();
        for (String field : List.of("trustStatus", "statusLabel", "runtimeVerified", "trustFlags", "statusReason")) {
            assertEquals(true, fields.contains(field), field + " in " + fields);
        }
        // one status vocabulary (issue 36): the internal status is not part of the public API, and the document says
        // which version of the API dropped it
        assertEquals(false, fields.contains("latestStatus"), "latestStatus in " + fields);
        assertEquals("2", doc.getString("info.version"));
        String versionRef = doc.getString("paths.'/api/v1/environments/{owner}/{name}/versions/{version}'.get.responses.'200'"
                + ".content.'application/json'.schema.'$ref'");
        java.util.Set<String> versionFields = doc.<String, Object>getMap("components.schemas."
                + versionRef.substring(versionRef.lastIndexOf('/') + 1) + ".properties").keySet();
        assertEquals(true, versionFields.contains("trustStatus"), "trustStatus in " + versionFields);
        assertEquals(false, versionFields.contains("status"), "status in " + versionFields);
    }

    private List<String> statuses(String query) {
        return search(query).getList("items.trustStatus");
    }

    private static String field(JsonPath result, String name, String field) {
        return result.getString("items.find { it.name == '" + name + "' }." + field);
    }

    private static List<String> sortedNames(JsonPath result) {
        List<String> names = new ArrayList<>(result.getList("items.name"));
        names.sort(null);
        return names;
    }
}
