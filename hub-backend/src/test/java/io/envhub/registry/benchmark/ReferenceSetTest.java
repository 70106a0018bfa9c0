package io.envhub.registry.benchmark;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.registry.Eventually;
import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.validation.BenchmarkRecheck;
import io.envhub.registry.validation.QueueFixtures;
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
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Reference benchmarks end to end against PostgreSQL and Keycloak: only admins reach the API (everyone else gets the
 * admin API's 404), bad JSONL is a 400 problem naming the line, the database keeps the fingerprint and never an item's
 * text, a validation whose rows overlap a set gets a {@code benchmark-overlap} finding and a flag, and registering a
 * set re-checks versions validated before it (and removing it clears their findings).
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class ReferenceSetTest {
    private static final String BASE = "/api/v1/admin/reference-sets";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    RegistryFixtures fixtures;
    @Inject
    QueueFixtures queue;
    @Inject
    EntityManager em;
    @Inject
    BenchmarkRecheck recheck;

    /** Benchmark items as JSONL: each a question with an answer (the rows' texts are question + " " + answer). */
    private static String jsonl(List<String[]> items) {
        StringBuilder sb = new StringBuilder();
        for (String[] qa : items) {
            sb.append(JSON.valueToTree(Map.of("question", qa[0], "answer", qa[1])).toString()).append('\n');
        }
        return sb.toString();
    }

    /** Distinct question/answer pairs derived from {@code seed}. */
    private static List<String[]> items(String seed, int count) {
        List<String[]> out = new ArrayList<>();
        for (String row : QueueFixtures.rows(seed, count)) {
            int cut = row.lastIndexOf(" answer ");
            out.add(new String[] {row.substring(0, cut), row.substring(cut + 1)});
        }
        return out;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static List<String> rowTexts(List<String[]> items) {
        return items.stream().map(qa -> qa[0] + " " + qa[1]).toList();
    }

    private JsonPath register(String token, String name, String body, int status) {
        return given().auth().oauth2(token).contentType(ReferenceSetResource.NDJSON).queryParam("name", name)
                .queryParam("sourceUrl", "https://example.org/" + name).queryParam("licence", "CC-BY-4.0, test items")
                .body(bytes(body)).post(BASE).then().statusCode(status).extract().jsonPath();
    }

    private void validated(String validator, QueueFixtures.Pushed pushed, List<String> rows) {
        queue.claimUntil(validator, "w-b", pushed.job());
        given().auth().oauth2(validator).contentType("application/json")
                .body(Map.of("worker", "w-b", "report", runtimeVerified(rows)))
                .post(QueueFixtures.BASE + "/" + pushed.job() + "/result").then().statusCode(200);
    }

    /**
     * The report's dataset preview as the harness writes it: the first ten rows, a chat prompt (one user message,
     * shown {@code user: <text>}) and the answer.
     */
    private static Map<String, Object> preview(List<String> rows) {
        List<List<String>> sample = new ArrayList<>();
        for (String row : rows.subList(0, Math.min(10, rows.size()))) {
            int cut = row.lastIndexOf(" answer ");
            sample.add(List.of("user: " + row.substring(0, cut), row.substring(cut + 1)));
        }
        return Map.of("source", "dataset", "size", rows.size(), "columns", List.of("prompt", "answer"), "rowsWithPrompt",
                rows.size(), "schema", List.of(Map.of("name", "prompt", "type", "chat"), Map.of("name", "answer", "type", "string")),
                "sample", sample);
    }

    /** A validated report whose runtime checks ran (so the verdict is verified, or flagged when there is a flag). */
    private static Map<String, Object> runtimeVerified(List<String> rows) {
        Map<String, Object> report = new java.util.LinkedHashMap<>(QueueFixtures.report("validated", rows));
        report.put("runtimeVerified", true);
        report.put("dataset", preview(rows));
        return report;
    }

    private JsonPath report(String owner, String env) {
        return given().auth().oauth2(Tokens.forUser("ada", "ada"))
                .get("/api/v1/environments/" + owner + "/" + env + "/versions/1.0.0/report").then().statusCode(200)
                .extract().jsonPath();
    }

    private String trustStatus(String owner, String env) {
        return given().auth().oauth2(Tokens.forUser("ada", "ada"))
                .get("/api/v1/environments/" + owner + "/" + env + "/versions/1.0.0").then().statusCode(200)
                .extract().jsonPath().getString("trustStatus");
    }

    private void recheckUntilDone(String name, String admin) throws InterruptedException {
        Eventually.await(() -> {
            recheck.runDue();
            JsonPath set = given().auth().oauth2(admin).get(BASE + "/" + name).then().statusCode(200).extract().jsonPath();
            return set.getLong("recheck.done") == set.getLong("recheck.total");
        }, "re-check of " + name);
    }

    @Test
    void onlyAdminsReachTheApiAndBadJsonlIsAProblemNamingTheLine() {
        String admin = Tokens.forUser("ada", "ada");
        String alice = Tokens.forUser("alice", "alice");
        String run = RegistryFixtures.run();
        String body = jsonl(items("na" + run, 3));
        // everyone but admins gets the admin API's 404 (the same as a path that does not exist), and nothing is stored
        given().auth().oauth2(alice).contentType(ReferenceSetResource.NDJSON).queryParam("name", "x-" + run).body(bytes(body))
                .post(BASE).then().statusCode(404).contentType("application/problem+json");
        given().contentType(ReferenceSetResource.NDJSON).queryParam("name", "x-" + run).body(bytes(body)).post(BASE).then()
                .statusCode(404);
        given().auth().oauth2(alice).get(BASE).then().statusCode(404);
        given().auth().oauth2(admin).get(BASE + "/x-" + run).then().statusCode(404);

        JsonPath notJson = given().auth().oauth2(admin).contentType(ReferenceSetResource.NDJSON).queryParam("name", "bad-" + run)
                .body(bytes("{\"question\": \"one\", \"answer\": \"1\"}\n{\"question\": oops}\n")).post(BASE).then().statusCode(400)
                .contentType("application/problem+json").extract().jsonPath();
        assertTrue(notJson.getString("type").endsWith("/invalid-jsonl"), notJson.prettify());
        assertTrue(notJson.getString("detail").contains("line 2"), notJson.getString("detail"));
        JsonPath noQuestion = given().auth().oauth2(admin).contentType(ReferenceSetResource.NDJSON).queryParam("name", "bad-" + run)
                .body(bytes("{\"answer\": \"1\"}\n")).post(BASE).then().statusCode(400).extract().jsonPath();
        assertTrue(noQuestion.getString("detail").contains("line 1 has no \"question\" or \"prompt\""), noQuestion.getString("detail"));
        given().auth().oauth2(admin).contentType(ReferenceSetResource.NDJSON).queryParam("name", "bad-" + run).body(bytes("\n\n"))
                .post(BASE).then().statusCode(400);
        given().auth().oauth2(admin).contentType(ReferenceSetResource.NDJSON).queryParam("name", "bad name " + run).body(bytes(body))
                .post(BASE).then().statusCode(400);
        given().auth().oauth2(admin).get(BASE + "/bad-" + run).then().statusCode(404);
    }

    @Test
    void onlyTheFingerprintIsStoredAndAValidationOverlappingASetIsFlagged() {
        String admin = Tokens.forUser("ada", "ada");
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        String run = RegistryFixtures.run();
        List<String[]> bench = items("bench" + run, 100);
        String name = "bench-" + run;
        JsonPath created = register(admin, name, jsonl(bench), 201);
        assertEquals(100, created.getInt("items"));
        assertEquals("https://example.org/" + name, created.getString("sourceUrl"));
        assertEquals("ada", created.getString("createdBy"));
        register(admin, name, jsonl(bench), 409);
        assertTrue(given().auth().oauth2(admin).get(BASE).then().statusCode(200).extract().jsonPath()
                .getList("name").contains(name));

        // no item's text anywhere in the database row: only counts, names and the fingerprint
        String stored = QuarkusTransaction.requiringNew().call(() -> (String) em.createNativeQuery(
                "SELECT CAST(row_to_json(s) AS text) FROM hub.reference_sets s WHERE name = ?1").setParameter(1, name)
                .getSingleResult());
        assertTrue(stored.contains("minhash-lsh/v1"), stored);
        for (String[] qa : bench.subList(0, 10)) {
            assertFalse(stored.contains(qa[0]), "question stored: " + qa[0]);
            assertFalse(stored.contains(qa[0].substring(0, 20)), "part of a question stored");
        }

        // a dataset a quarter of whose rows are benchmark items, the first of them its fourth row
        Owner owner = fixtures.owner("bo-" + run);
        List<String> own = QueueFixtures.rows("own" + run, 30);
        List<String> rows = new ArrayList<>(own.subList(0, 3));
        rows.addAll(rowTexts(bench).subList(0, 10));
        rows.addAll(own.subList(3, 30));
        validated(validator, queue.pushed(owner, "leaky-" + run, "public"), rows);
        JsonPath r = report(owner.name, "leaky-" + run);
        List<Map<String, Object>> findings = r.getList("trust.findings");
        Map<String, Object> finding = findings.stream().filter(f -> "benchmark-overlap".equals(f.get("probe"))).findFirst()
                .orElseThrow(() -> new AssertionError("no benchmark finding: " + findings));
        assertEquals("contamination", finding.get("category"));
        assertEquals("25 % of rows overlap " + name, finding.get("message"));
        assertTrue(String.valueOf(finding.get("hint")).startsWith("Remove " + name + "'s test items"), finding.toString());
        assertEquals(3, finding.get("row"), "the first row of the preview found in the set is the example: " + finding);
        assertEquals("user: " + bench.get(0)[0], finding.get("prompt"));
        assertEquals("flagged", trustStatus(owner.name, "leaky-" + run));

        // a dataset of its own is not
        validated(validator, queue.pushed(owner, "clean-" + run, "public"), QueueFixtures.rows("clean" + run, 40));
        assertNull(report(owner.name, "clean-" + run).getList("trust.findings"));
        assertEquals("verified", trustStatus(owner.name, "clean-" + run));
        given().auth().oauth2(admin).delete(BASE + "/" + name).then().statusCode(204);
        given().auth().oauth2(admin).delete(BASE + "/" + name).then().statusCode(404);
    }

    @Test
    void registeringASetRechecksVersionsValidatedBeforeAndRemovingItClearsTheirFindings() throws InterruptedException {
        String admin = Tokens.forUser("ada", "ada");
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        String run = RegistryFixtures.run();
        List<String[]> bench = items("later" + run, 60);
        Owner owner = fixtures.owner("br-" + run);
        List<String> rows = new ArrayList<>(rowTexts(bench).subList(0, 20));
        rows.addAll(QueueFixtures.rows("mine" + run, 20));
        validated(validator, queue.pushed(owner, "older-" + run, "public"), rows);
        assertEquals("verified", trustStatus(owner.name, "older-" + run));

        String name = "later-" + run;
        JsonPath created = register(admin, name, jsonl(bench), 201);
        assertTrue(created.getLong("recheck.total") >= 1, created.prettify());
        recheckUntilDone(name, admin);
        JsonPath r = report(owner.name, "older-" + run);
        assertEquals(List.of("50 % of rows overlap " + name), r.getList("trust.findings.message"));
        assertEquals("flagged", trustStatus(owner.name, "older-" + run));
        List<String> flags = given().auth().oauth2(admin).get("/api/v1/environments/" + owner.name + "/older-" + run
                + "/versions/1.0.0").then().extract().jsonPath().getList("trustFlags.code");
        assertEquals(List.of("benchmark-overlap"), flags);

        given().auth().oauth2(admin).delete(BASE + "/" + name).then().statusCode(204);
        Eventually.await(() -> {
            recheck.runDue();
            return "verified".equals(trustStatus(owner.name, "older-" + run));
        }, "the removed set's finding to go");
        assertEquals(List.of(), report(owner.name, "older-" + run).getList("trust.findings"));
    }
}
