package io.envhub.registry.evaluation;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.EvalRunDirs;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import io.quarkus.narayana.jta.QuarkusTransaction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Evaluation runs pushed as the verifiers tooling writes them: two models on two versions (plain and gzip), the
 * summaries, lists per version, environment and model, rollout pages, the refusals (malformed, inconsistent,
 * oversized, unvalidated, unauthorised, private), yanked versions, and deletion with the stored objects.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class EvalRunsTest {
    @Inject
    RegistryFixtures fixtures;

    @Inject
    ObjectStore store;

    @Inject
    EntityManager em;

    @TempDir
    Path tmp;

    static String alice() {
        return Tokens.forUser("alice", "alice");
    }

    static Response push(String token, String path, Path dir) {
        var req = given();
        if (token != null) {
            req = req.auth().oauth2(token);
        }
        return req.multiPart("metadata", dir.resolve("metadata.json").toFile(), "application/json")
                .multiPart("results", EvalRunDirs.results(dir).toFile(), "application/octet-stream")
                .post(path);
    }

    @Test
    void twoModelsOnTwoVersionsAreSummarisedListedAndPaged() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("evo-" + run);
        Environment env = fixtures.environment(owner, "reverse-text", "Reverse", "public", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        fixtures.ranRuntime(fixtures.publish(env, "2.0.0"));
        String base = "/api/v1/environments/" + owner.name + "/reverse-text";
        String modelA = "openai/gpt-" + run;
        String modelB = "qwen/qwen3-" + run;

        // model A on 1.0.0: 4 examples × 3 rollouts, reward 1 for even examples
        Path a1 = EvalRunDirs.write(tmp.resolve("a1"), "reverse-text", modelA, 4, 3, (e, r) -> e % 2 == 0 ? 1.0 : 0.0, false);
        JsonPath created = push(alice(), base + "/versions/1.0.0/evals", a1).then().statusCode(201)
                .header("Location", containsString(base + "/evals/")).extract().jsonPath();
        long idA1 = created.getLong("id");
        assertEquals(0.5, created.getDouble("avgReward"), 1e-9);
        assertEquals(0.5, created.getDouble("rewardStd"), 1e-9);
        assertEquals(12, created.getInt("numRollouts"));
        assertEquals("self-reported", created.getString("provenance"));

        // model A on 2.0.0 (gzip, 7 × 2 rows: 3 pages of 5), model B on 2.0.0
        Path a2 = EvalRunDirs.write(tmp.resolve("a2"), owner.name + "/reverse_text", modelA, 7, 2, (e, r) -> r == 0 ? 1.0 : 0.5, true);
        long idA2 = push(alice(), base + "/versions/2.0.0/evals", a2).then().statusCode(201).extract().jsonPath().getLong("id");
        Path b2 = EvalRunDirs.write(tmp.resolve("b2"), "reverse-text", modelB, 2, 2, (e, r) -> 0.25, false);
        long idB2 = push(Tokens.forUser("sam", "sam"), base + "/versions/2.0.0/evals", b2).then().statusCode(201)
                .extract().jsonPath().getLong("id");

        JsonPath v2 = given().get(base + "/versions/2.0.0/evals").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(modelA, modelB), v2.getList("model"));
        assertEquals(0.75, v2.getDouble("[0].avgReward"), 1e-9);
        assertEquals(0.25, v2.getDouble("[0].rewardStd"), 1e-9);
        assertEquals("api.example.test", v2.getString("[0].provider")); // the host only: never the key in the query
        assertEquals(0.7f, v2.getFloat("[0].samplingArgs.temperature"), 1e-6);
        assertEquals(0.5, v2.getDouble("[0].avgMetrics.exact_match"), 1e-9);
        assertEquals(0.75, v2.getDouble("[0].avgMetrics.lcs_ratio"), 1e-9);
        assertEquals(0.5, v2.getDouble("[0].passAtK.1"), 1e-9);
        assertEquals(12500L, v2.getLong("[0].costMicroUsd"));
        assertEquals("alice", v2.getString("[0].submitter"));
        assertEquals("sam", v2.getString("[1].submitter"));
        assertEquals(4200L, v2.getLong("[0].durationMs"));

        given().get(base + "/evals").then().statusCode(200).body("id", equalTo(List.of((int) idA2, (int) idA1, (int) idB2)));
        given().get(base + "/evals?version=1.0").then().statusCode(200).body("model", equalTo(List.of(modelA)));
        given().get("/api/v1/models/" + modelA + "/evals").then().statusCode(200)
                .body("id", equalTo(List.of((int) idA2, (int) idA1))).body("version", equalTo(List.of("2.0.0", "1.0.0")));

        JsonPath detail = given().get(base + "/evals/" + idA2).then().statusCode(200).extract().jsonPath();
        assertEquals(3, detail.getInt("pages"));
        assertEquals(5, detail.getInt("pageSize"));
        assertEquals(modelA, detail.getString("metadata.model"));
        String sha = detail.getString("resultsSha256");
        assertTrue(store.size(EvalRun.objectKeyFor(sha)).isPresent(), "results stored under their sha256");

        // page 2 holds rows 5..9; the last page the remaining 4; rows are what was sent
        JsonPath page2 = given().get(base + "/evals/" + idA2 + "/rollouts?page=2").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(5, 6, 7, 8, 9), page2.getList("rollouts.index"));
        assertEquals(List.of(2, 3, 3, 4, 4), page2.getList("rollouts.exampleId"));
        assertEquals("**answer 3.0** <script>alert(1)</script>", page2.getString("rollouts[1].completion[0].content"));
        assertEquals(14, page2.getInt("total"));
        given().get(base + "/evals/" + idA2 + "/rollouts?page=3").then().statusCode(200).body("rollouts", hasSize(4));
        given().get(base + "/evals/" + idA2 + "/rollouts?page=4").then().statusCode(404)
                .contentType("application/problem+json");
    }

    @Test
    void malformedInconsistentAndOversizedRunsAreRefusedWithProblems() throws Exception {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("evr-" + run);
        Environment env = fixtures.environment(owner, "refusals", "Refusals", "public", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        String path = "/api/v1/environments/" + owner.name + "/refusals/versions/1.0.0/evals";

        Path good = EvalRunDirs.write(tmp.resolve("good"), "refusals", "m", 3, 2, (e, r) -> 1.0, false);
        Path malformed = copy(good, "malformed");
        List<String> lines = Files.readAllLines(malformed.resolve("results.jsonl"));
        lines.set(3, lines.get(3).substring(0, 40));
        Files.write(malformed.resolve("results.jsonl"), lines);
        problem(push(alice(), path, malformed), 400, "results-invalid-json", "Line 4 of results.jsonl");

        Path badMeta = copy(good, "bad-meta");
        Files.writeString(badMeta.resolve("metadata.json"), "{\"model\": \"m\", \"num_examples\": 3,");
        problem(push(alice(), path, badMeta), 400, "metadata-invalid-json", "not well-formed JSON");

        Path noReward = copy(good, "no-reward");
        Files.writeString(noReward.resolve("results.jsonl"), Files.readString(noReward.resolve("results.jsonl"))
                .replaceFirst("\"reward\": 1.0", "\"reward\": \"high\""));
        problem(push(alice(), path, noReward), 400, "row-invalid", "Line 1 of results.jsonl needs a numeric 'reward'");

        Path fewer = EvalRunDirs.write(tmp.resolve("fewer"), "refusals", "m", 3, 2, (e, r) -> 1.0, false);
        Files.writeString(fewer.resolve("metadata.json"), Files.readString(fewer.resolve("metadata.json"))
                .replace("\"rollouts_per_example\": 2", "\"rollouts_per_example\": 3"));
        problem(push(alice(), path, fewer), 400, "rows-mismatch", "3 × 3 = 9");

        Path ids = copy(good, "ids");
        Files.writeString(ids.resolve("results.jsonl"), Files.readString(ids.resolve("results.jsonl"))
                .replaceFirst("\"example_id\": 0", "\"example_id\": 1"));
        problem(push(alice(), path, ids), 400, "example-ids-mismatch", "example_id");

        Path lying = copy(good, "lying");
        Files.writeString(lying.resolve("metadata.json"), Files.readString(lying.resolve("metadata.json"))
                .replace("\"avg_reward\": 1.0", "\"avg_reward\": 0.9"));
        problem(push(alice(), path, lying), 400, "avg-reward-mismatch", "avg_reward");

        Path otherEnv = EvalRunDirs.write(tmp.resolve("other-env"), "math-python", "m", 3, 2, (e, r) -> 1.0, false);
        problem(push(alice(), path, otherEnv), 400, "env-mismatch", "math-python");

        // oversized: over the test profile's 1 MiB decompressed, sent as a small gzip (a gzip bomb is capped too)
        Path big = EvalRunDirs.write(tmp.resolve("big"), "refusals", "m", 2000, 2, (e, r) -> 1.0, true);
        assertTrue(Files.size(big.resolve("results.jsonl.gz")) < 512 * 1024);
        problem(push(alice(), path, big), 413, "too-large", "decompressed");
        Path bigSent = EvalRunDirs.write(tmp.resolve("big-sent"), "refusals", "m", 2500, 1, (e, r) -> 1.0, false);
        problem(push(alice(), path, bigSent), 413, "too-large", "as sent");

        problem(given().auth().oauth2(alice()).multiPart("metadata", good.resolve("metadata.json").toFile()).post(path),
                400, "results-missing", "'results' is missing");
        problem(push(null, path, good), 401, "unauthorized", "");
        assertEquals(0L, runsOf(env.id), "nothing refused was recorded");
        push(alice(), path, good).then().statusCode(201);
    }

    @Test
    void versionsMustBeValidatedPrivateEnvironmentsAreHiddenYankedRunsStayMarked() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("evp-" + run);
        Environment secret = fixtures.environment(owner, "secret-env", "Secret", "private", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(secret, "1.0.0"));
        Path dir = EvalRunDirs.write(tmp.resolve("p"), "secret-env", "m", 1, 1, (e, r) -> 1.0, false);
        problem(push(alice(), "/api/v1/environments/" + owner.name + "/secret-env/versions/1.0.0/evals", dir), 404,
                "not-found", "does not exist");
        given().get("/api/v1/environments/" + owner.name + "/secret-env/evals").then().statusCode(404);

        Environment env = fixtures.environment(owner, "yanky", "Yanky", "public", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        fixtures.ranRuntime(fixtures.publish(env, "1.1.0"));
        setStatus(env.id, "1.1.0", "pending");
        Path y = EvalRunDirs.write(tmp.resolve("y"), "yanky", "m-" + run, 1, 1, (e, r) -> 1.0, false);
        String base = "/api/v1/environments/" + owner.name + "/yanky";
        problem(push(alice(), base + "/versions/1.1.0/evals", y), 409, "version-not-validated", "pending");
        problem(push(alice(), base + "/versions/9.9/evals", y), 404, "not-found", "9.9");
        push(alice(), base + "/versions/1.0.0/evals", y).then().statusCode(201);
        fixtures.yank(env, "1.0.0", "broken scorer");
        given().get(base + "/evals").then().statusCode(200).body("versionYanked", equalTo(List.of(true)));
        given().get("/api/v1/models/m-" + run + "/evals").then().statusCode(200).body("versionYanked", equalTo(List.of(true)));
    }

    @Test
    void theSubmitterOrAnAdminDeletesAndUnsharedObjectsGo() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("evd-" + run);
        Environment env = fixtures.environment(owner, "deletable", "Deletable", "public", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        String base = "/api/v1/environments/" + owner.name + "/deletable";
        Path dir = EvalRunDirs.write(tmp.resolve("d"), "deletable", "m-" + run, 2, 2, (e, r) -> 0.5, false);
        long first = push(alice(), base + "/versions/1.0.0/evals", dir).then().statusCode(201).extract().jsonPath().getLong("id");
        long second = push(alice(), base + "/versions/1.0.0/evals", dir).then().statusCode(201).extract().jsonPath().getLong("id");
        String sha = given().get(base + "/evals/" + first).then().extract().jsonPath().getString("resultsSha256");
        String key = EvalRun.objectKeyFor(sha);

        given().delete(base + "/evals/" + first).then().statusCode(401);
        problem(given().auth().oauth2(Tokens.forUser("sam", "sam")).delete(base + "/evals/" + first), 403, "forbidden",
                "submitter");
        given().auth().oauth2(alice()).delete(base + "/evals/" + first).then().statusCode(204);
        given().get(base + "/evals/" + first).then().statusCode(404);
        assertTrue(store.size(key).isPresent(), "the second run still uses the same bytes");
        given().auth().oauth2(Tokens.forUser("ada", "ada")).delete(base + "/evals/" + second).then().statusCode(204);
        assertFalse(store.size(key).isPresent(), "the last run's objects are gone");
        given().get(base + "/evals").then().statusCode(200).body("$", hasSize(0));
    }

    @Test
    void deletingAVersionRemovesItsRunsAndTheirFiles() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("evv-" + run);
        Environment env = fixtures.environment(owner, "version-gone", "Version gone", "public", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        String base = "/api/v1/environments/" + owner.name + "/version-gone";
        double reward = 0.001 + (Math.abs(run.hashCode()) % 997) / 1000.0; // results of their own: no other run shares them
        Path dir = EvalRunDirs.write(tmp.resolve("v"), "version-gone", "gone-" + run, 3, 1, (e, r) -> reward, false);
        long id = push(alice(), base + "/versions/1.0.0/evals", dir).then().statusCode(201).extract().jsonPath().getLong("id");
        String sha = given().get(base + "/evals/" + id).then().extract().jsonPath().getString("resultsSha256");
        String key = EvalRun.objectKeyFor(sha);
        assertTrue(store.size(key).isPresent(), "the run's results are stored");

        given().auth().oauth2(Tokens.forUser("ada", "ada")).delete(base + "/versions/1.0.0").then().statusCode(204);
        assertEquals(0, runsOf(env.id), "the version's runs are gone");
        assertFalse(store.size(key).isPresent(), "and so are their stored results");
    }

    private static void problem(Response r, int status, String type, String detail) {
        r.then().statusCode(status).contentType("application/problem+json")
                .body("type", equalTo("https://envhub.dev/problems/" + type))
                .body("detail", containsString(detail));
    }

    private Path copy(Path from, String name) throws Exception {
        Path to = tmp.resolve(name);
        Files.createDirectories(to);
        for (String f : List.of("metadata.json", "results.jsonl")) {
            Files.write(to.resolve(f), Files.readString(from.resolve(f), StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8));
        }
        return to;
    }

    long runsOf(long envId) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(
                "SELECT count(*) FROM hub.eval_runs WHERE environment_id = ?1").setParameter(1, envId).getSingleResult())
                .longValue());
    }

    void setStatus(long envId, String version, String status) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "UPDATE hub.versions SET status = ?1 WHERE environment_id = ?2 AND version = ?3")
                .setParameter(1, status).setParameter(2, envId).setParameter(3, version).executeUpdate());
    }

}
