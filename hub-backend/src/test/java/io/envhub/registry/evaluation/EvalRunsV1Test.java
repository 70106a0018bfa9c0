package io.envhub.registry.evaluation;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.envhub.format.hash.Sha256;
import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.Owner;
import io.envhub.testsupport.EvalRunDirs;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.envhub.testsupport.V1RunDirs;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 and issue 36 item 9: a verifiers v1 run directory pushed as it is (configs/eval.json + traces.jsonl) is read
 * by the hub (model, sampling, rewards per reward function, date and duration from the traces' timing, the episodes with
 * their turns, tool calls, stop conditions and rewards); a real v0 metadata.json (duration in seconds as 'time', no
 * date) gets its duration and the pushed run date; runs on versions the hub never ran, runs that recorded another
 * version, and runs of another owner's environment are refused.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class EvalRunsV1Test {
    @Inject
    RegistryFixtures fixtures;

    @Inject
    EntityManager em;

    @TempDir
    Path tmp;

    static Response pushV1(String path, Path dir) {
        return given().auth().oauth2(Tokens.forUser("alice", "alice"))
                .multiPart("config", dir.resolve("configs/eval.json").toFile(), "application/json")
                .multiPart("traces", dir.resolve("traces.jsonl").toFile(), "application/x-ndjson")
                .post(path);
    }

    @Test
    void aV1RunDirectoryIsReadAsSentWithEpisodesTurnsToolCallsAndRewards() throws Exception {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("ev1-" + run);
        Environment env = fixtures.environment(owner, "math-tools", "Math tools", "public", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        String base = "/api/v1/environments/" + owner.name + "/math-tools";
        String model = "openai/gpt-5-mini-" + run;
        Path dir = V1RunDirs.write(tmp.resolve("v1"), owner.name + "/math-tools@1.0.0", model, 3, 2,
                (t, r) -> t == 0 || r == 0 ? 1.0 : 0.0);

        JsonPath created = pushV1(base + "/versions/1.0.0/evals", dir).then().statusCode(201).extract().jsonPath();
        assertEquals(6, created.getInt("numRollouts"));
        assertEquals(4.0 / 6 + 0.2, created.getDouble("avgReward"), 1e-6, "the weighted sum of the reward functions");

        JsonPath detail = given().get(base + "/evals/" + created.getLong("id")).then().statusCode(200).extract().jsonPath();
        assertEquals("verifiers-v1", detail.getString("run.format"));
        assertEquals(model, detail.getString("run.model"));
        assertEquals("api.example.test", detail.getString("run.provider"));
        assertEquals(0.6f, detail.getFloat("run.samplingArgs.temperature"), 1e-6);
        assertEquals(1024, detail.getInt("run.samplingArgs.max_tokens"));
        assertFalse(detail.getMap("run.samplingArgs").containsKey("top_p"), "unset sampling knobs are left out");
        assertEquals(3, detail.getInt("run.numExamples"));
        assertEquals(2, detail.getInt("run.rolloutsPerExample"));
        assertEquals(4.0 / 6, detail.getDouble("run.avgMetrics.correct"), 1e-6);
        assertEquals(1.0, detail.getDouble("run.avgMetrics.format"), 1e-6);
        assertEquals(2.0, detail.getDouble("run.avgMetrics['metric:num_turns']"), 1e-6);
        assertFalse(detail.getMap("run.avgMetrics").containsKey("num_turns"), "a trace metric never reads as a reward function");
        assertEquals("2026-11-30T12:00:00Z", detail.getString("run.evalDate"));
        assertEquals(54_500L, detail.getLong("run.durationMs"), "first start to last scoring end");
        assertEquals(Sha256.hex(Sha256.digest(Files.readAllBytes(dir.resolve("traces.jsonl")))), detail.getString("resultsSha256"),
                "traces.jsonl is stored as sent");
        assertEquals(2, detail.getInt("pages"), "6 episodes, 5 per page");

        JsonPath page = given().get(base + "/evals/" + created.getLong("id") + "/rollouts?page=1").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(5, page.getList("rollouts").size());
        assertEquals("task-0", page.getString("rollouts[0].exampleId"));
        assertEquals("tr-0-0", page.getString("rollouts[0].traceId"));
        assertEquals("no_tool_calls", page.getString("rollouts[0].stopCondition"));
        assertEquals(1.2, page.getDouble("rollouts[0].reward"), 1e-6);
        assertEquals(1.0, page.getDouble("rollouts[0].rewards.correct.score"), 1e-6);
        assertEquals(0.2, page.getDouble("rollouts[0].rewards.format.weight"), 1e-6);
        assertEquals(List.of("system", "user", "assistant", "assistant"), page.getList("rollouts[0].turns.role"),
                "the tool's result is attached to its call");
        assertEquals("calculator", page.getString("rollouts[0].turns[2].toolCalls[0].name"));
        assertEquals("{\"expression\": \"0*7\"}", page.getString("rollouts[0].turns[2].toolCalls[0].arguments"));
        assertEquals("0", page.getString("rollouts[0].turns[2].toolCalls[0].result"));
        assertEquals("<answer>0</answer>", page.getString("rollouts[0].turns[3].content"), "tags are kept as sent");
        assertEquals("<answer>unsure</answer>", page.getString("rollouts[3].turns[3].content"));
        assertEquals(0.2, page.getDouble("rollouts[3].reward"), 1e-6);
        given().get(base + "/evals/" + created.getLong("id") + "/rollouts?page=2").then().statusCode(200)
                .body("rollouts.exampleId", equalTo(List.of("task-2")));
    }

    @Test
    void runsOnVersionsNeverRunOrRecordingAnotherVersionOrOwnerAreRefused() throws Exception {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("ev2-" + run);
        Environment env = fixtures.environment(owner, "never-ran", "Never ran", "public", List.of(), null);
        fixtures.publish(env, "1.0.0"); // static checks only
        fixtures.ranRuntime(fixtures.publish(env, "2.0.0"));
        String base = "/api/v1/environments/" + owner.name + "/never-ran";

        Path v0 = EvalRunDirs.write(tmp.resolve("v0"), "never-ran", "m-" + run, 2, 1, (e, r) -> 1.0, false);
        problem(EvalRunsTest.push(EvalRunsTest.alice(), base + "/versions/1.0.0/evals", v0), 409,
                "version-not-runtime-verified", "static checks only");
        Path v1 = V1RunDirs.write(tmp.resolve("v1"), owner.name + "/never-ran", "m-" + run, 2, 1, (t, r) -> 1.0);
        problem(pushV1(base + "/versions/1.0.0/evals", v1), 409, "version-not-runtime-verified", "never ran it");

        Path v0Old = EvalRunDirs.write(tmp.resolve("v0-old"), owner.name + "/never-ran", "m-" + run, 2, 1, (e, r) -> 1.0, false);
        Files.writeString(v0Old.resolve("metadata.json"), Files.readString(v0Old.resolve("metadata.json"))
                .replace("\"env_args\": {}", "\"env_args\": {}, \"version_info\": {\"vf_version\": \"0.1.9\", \"vf_commit\": null,"
                        + " \"env_version\": \"1.0.0\", \"env_commit\": null}"));
        Response mismatch = EvalRunsTest.push(EvalRunsTest.alice(), base + "/versions/2.0.0/evals", v0Old);
        problem(mismatch, 409, "version-mismatch", "recorded environment version 1.0.0");
        mismatch.then().body("detail", allOf(containsString("version 2.0.0"), containsString("env_version")));

        Path v1Old = V1RunDirs.write(tmp.resolve("v1-old"), owner.name + "/never-ran@1.0.0", "m-" + run, 2, 1, (t, r) -> 1.0);
        problem(pushV1(base + "/versions/2.0.0/evals", v1Old), 409, "version-mismatch", "taskset id");

        Path stranger = EvalRunDirs.write(tmp.resolve("stranger"), "someone-else/never-ran", "m-" + run, 2, 1, (e, r) -> 1.0, false);
        problem(EvalRunsTest.push(EvalRunsTest.alice(), base + "/versions/2.0.0/evals", stranger), 400, "env-mismatch",
                "someone-else/never-ran");

        Path uneven = V1RunDirs.write(tmp.resolve("uneven"), "never-ran", "m-" + run, 2, 2, (t, r) -> 1.0);
        List<String> lines = Files.readAllLines(uneven.resolve("traces.jsonl"));
        Files.write(uneven.resolve("traces.jsonl"), lines.subList(0, 3));
        problem(pushV1(base + "/versions/2.0.0/evals", uneven), 400, "example-ids-mismatch", "uneven");

        problem(given().auth().oauth2(EvalRunsTest.alice()).multiPart("metadata", v0.resolve("metadata.json").toFile())
                .multiPart("traces", v1.resolve("traces.jsonl").toFile()).post(base + "/versions/2.0.0/evals"), 400,
                "metadata-invalid", "mixes");
        problem(given().auth().oauth2(EvalRunsTest.alice()).multiPart("traces", v1.resolve("traces.jsonl").toFile())
                .post(base + "/versions/2.0.0/evals"), 400, "metadata-missing", "'config' is missing");
        assertEquals(0L, runsOf(env.id), "nothing refused was recorded");
        pushV1(base + "/versions/2.0.0/evals", v1).then().statusCode(201);
    }

    @Test
    void aV0MetadataAsVerifiersWritesItGetsItsDurationAndThePushedRunDate() throws Exception {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("ev3-" + run);
        Environment env = fixtures.environment(owner, "dated", "Dated", "public", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        String base = "/api/v1/environments/" + owner.name + "/dated";
        Path dir = EvalRunDirs.write(tmp.resolve("v0"), "dated", "m-" + run, 2, 1, (e, r) -> 1.0, false);
        Files.writeString(dir.resolve("metadata.json"), Files.readString(dir.resolve("metadata.json"))
                .replace("\"date\": \"2026-11-30 12:00:00\", \"time_ms\": 4200.0,", "\"time\": 12.5,"));
        long id = given().auth().oauth2(EvalRunsTest.alice())
                .multiPart("metadata", dir.resolve("metadata.json").toFile(), "application/json")
                .multiPart("results", dir.resolve("results.jsonl").toFile(), "application/octet-stream")
                .multiPart("run_date", "2026-11-29T08:15:00Z")
                .post(base + "/versions/1.0.0/evals").then().statusCode(201).extract().jsonPath().getLong("id");
        JsonPath detail = given().get(base + "/evals/" + id).then().statusCode(200).extract().jsonPath();
        assertEquals(12_500L, detail.getLong("run.durationMs"), "verifiers writes the duration as 'time' in seconds");
        assertEquals("2026-11-29T08:15:00Z", detail.getString("run.evalDate"));
        assertEquals("verifiers-v0", detail.getString("run.format"));
        assertNull(given().get(base + "/evals/" + id + "/rollouts").then().statusCode(200).extract().jsonPath()
                .get("rollouts[0].turns"));
    }

    private static void problem(Response r, int status, String type, String detail) {
        r.then().statusCode(status).contentType("application/problem+json")
                .body("type", equalTo("https://envhub.dev/problems/" + type))
                .body("detail", containsString(detail));
    }

    long runsOf(long envId) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(
                "SELECT count(*) FROM hub.eval_runs WHERE environment_id = ?1").setParameter(1, envId).getSingleResult())
                .longValue());
    }
}
