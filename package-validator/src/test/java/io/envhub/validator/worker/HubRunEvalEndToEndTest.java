package io.envhub.validator.worker;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.format.hash.Sha256;
import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.HubBackendServer;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import io.envhub.validator.check.Fixtures;
import io.envhub.validator.sandbox.BubblewrapAssumption;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * Hub-run evaluations end to end: the packaged hub-backend (process, PostgreSQL, S3Proxy, Keycloak) runs the rollouts
 * of a validated version through this validator's session runner (bubblewrap, no network), calling a scripted
 * OpenAI-compatible model server started here. The mean reward is the one the script implies; the result is an
 * evaluation run with provenance hub-run on the leaderboard; a host outside the allowlist is refused; a model server
 * that is down fails the run readably; the per-user limit answers 429; cancel stops it; a restart of hub-backend marks
 * a running run failed (interrupted); and the API key is in no database row and no log line.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = EvalHubProcess.class, scope = TestResourceScope.RESTRICTED_TO_CLASS)
class HubRunEvalEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The environment has a system prompt, which reset must carry and the model must receive. */
    static final String ENV = Fixtures.GOOD.replace(
            "    return Environment(rows, Rubric([exact_match, short_answer], [1.0, 0.2]))",
            "    env = Environment(rows, Rubric([exact_match, short_answer], [1.0, 0.2]))\n"
            + "    env.system_prompt = \"You are a careful calculator.\"\n"
            + "    return env");

    @Test
    void theHubRunsAnEvaluationThroughItsSandbox() throws Exception {
        var config = ConfigProvider.getConfig();
        Prerequisites.require(config.getOptionalValue("envhub.test.hub-missing", String.class).isEmpty(),
                "hub-backend is not packaged (mvn package -pl hub-backend -DskipTests)");
        BubblewrapAssumption.assumeBubblewrap();
        assertTrue(ENV.contains("system_prompt"), "the fixture has a system prompt");
        List<String> validatorLog = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            private final SimpleFormatter format = new SimpleFormatter();

            @Override
            public void publish(LogRecord r) {
                validatorLog.add(format.format(r));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Logger.getLogger("").addHandler(capture);
        String key = "sk-envhub-test-" + UUID.randomUUID().toString().replace("-", "");
        String hub = config.getValue("envhub.validator.hub-url", String.class);
        String alice = Tokens.forUser("alice", "alice");
        String sam = Tokens.forUser("sam", "sam");
        String env = "hub-eval-" + UUID.randomUUID().toString().substring(0, 8);
        push(hub, alice, env, Fixtures.env(env, ENV));
        String status = awaitStatus(hub, alice, "alice/" + env);
        assertTrue(List.of("verified", "flagged").contains(status), status);
        String runs = hub + "/api/v1/environments/alice/" + env + "/versions/0.1.0/evals/runs";

        try (ScriptedModelServer model = new ScriptedModelServer()) {
            // the allowlist: another host is refused, naming the host and the setting
            Response refused = start(runs, alice, "http://models.example.com/v1", "m", key, 1, 1);
            assertEquals(400, refused.statusCode(), refused.asString());
            assertEquals("application/problem+json", refused.contentType().split(";")[0]);
            assertTrue(refused.jsonPath().getString("type").endsWith("eval-host-not-allowed"), refused.asString());
            assertTrue(refused.jsonPath().getString("detail").contains("models.example.com"), refused.asString());
            assertTrue(refused.jsonPath().getString("detail").contains("ENVHUB_EVAL_ALLOWED_HOSTS"), refused.asString());
            assertEquals(401, given().contentType("application/json").body("{}").post(runs).statusCode());

            // 4 examples × 2 rollouts: the script answers examples 0 and 2 right (1.0 + 0.2), 1 and 3 wrong (0.2)
            Response started = start(runs, alice, model.baseUrl(), "scripted-model", key, 4, 2);
            assertEquals(202, started.statusCode(), started.asString());
            assertEquals("queued", started.jsonPath().getString("status"));
            String id = started.jsonPath().getString("id");
            assertEquals(404, given().auth().oauth2(sam).get(runs + "/" + id).statusCode(), "another user does not see it");
            JsonNode done = awaitEnd(runs + "/" + id, alice);
            assertEquals("finished", done.path("status").asText(), done.toString());
            assertEquals(8, done.path("done").asInt());
            assertEquals(8, done.path("total").asInt());
            assertEquals((2 * 2 * 1.2 + 2 * 2 * 0.2) / 8, done.path("meanReward").asDouble(), 1e-9);
            assertEquals("hub-run", done.path("provenance").asText());
            assertEquals("scripted-model", done.path("model").asText());
            assertFalse(done.has("error"), done.toString());
            long evalRunId = done.path("evalRunId").asLong();
            assertTrue(evalRunId > 0, done.toString());
            assertEquals(8, model.requests.size());
            assertTrue(model.authorizations.stream().allMatch(("Bearer " + key)::equals), "the model got the key");
            JsonNode first = model.requests.get(0);
            assertEquals("system", first.path("messages").path(0).path("role").asText(), first.toString());
            assertEquals("You are a careful calculator.", first.path("messages").path(0).path("content").asText());
            assertEquals(0.7, first.path("temperature").asDouble(), 1e-9, "sampling is passed on");
            assertEquals(64, first.path("max_tokens").asInt());

            // the result is an evaluation run like a pushed one: its page, its rollouts, the leaderboard filter
            String evals = hub + "/api/v1/environments/alice/" + env + "/evals";
            JsonNode detail = JSON.readTree(given().get(evals + "/" + evalRunId).then().statusCode(200).extract().asString());
            JsonNode summary = detail.path("run");
            assertEquals("hub-run", summary.path("provenance").asText());
            assertEquals(4, summary.path("numExamples").asInt());
            assertEquals(2, summary.path("rolloutsPerExample").asInt());
            assertEquals(8, summary.path("numRollouts").asInt());
            assertEquals(0.7, summary.path("avgReward").asDouble(), 1e-9);
            assertEquals(0.7, summary.path("samplingArgs").path("temperature").asDouble(), 1e-9);
            assertEquals("alice", summary.path("submitter").asText());
            JsonNode rollouts = JSON.readTree(given().get(evals + "/" + evalRunId + "/rollouts?page=1").then().statusCode(200)
                    .extract().asString());
            JsonNode r0 = rollouts.path("rollouts").path(0);
            assertEquals("3", r0.path("completion").path(0).path("content").asText(), r0.toString());
            assertEquals(1.2, r0.path("reward").asDouble(), 1e-9);
            JsonNode hubRuns = JSON.readTree(given().get(evals + "?provenance=hub-run").then().statusCode(200).extract().asString());
            assertEquals(1, hubRuns.size());
            assertEquals(evalRunId, hubRuns.path(0).path("id").asLong());
            assertEquals(0, JSON.readTree(given().get(evals + "?provenance=self-reported").then().statusCode(200).extract().asString())
                    .size());
            given().get(evals + "?provenance=made-up").then().statusCode(400);

            // the model server is down: failed, with a readable error without the key
            int closed;
            try (ServerSocket s = new ServerSocket(0)) {
                closed = s.getLocalPort();
            }
            Response down = start(runs, alice, "http://127.0.0.1:" + closed + "/v1", "scripted-model", key, 2, 1);
            assertEquals(202, down.statusCode(), down.asString());
            JsonNode failed = awaitEnd(runs + "/" + down.jsonPath().getString("id"), alice);
            assertEquals("failed", failed.path("status").asText(), failed.toString());
            assertTrue(failed.path("error").asText().contains("could not reach the model endpoint http://127.0.0.1:" + closed
                    + " (connection refused"),
                    failed.toString());
            assertFalse(failed.toString().contains(key));

            // one evaluation per user at a time (429); cancel stops it before its end
            Response slow = start(runs, alice, model.baseUrl(), "slow", key, 5, 2);
            assertEquals(202, slow.statusCode(), slow.asString());
            String slowId = slow.jsonPath().getString("id");
            Response limited = start(runs, alice, model.baseUrl(), "slow", key, 1, 1);
            assertEquals(429, limited.statusCode(), limited.asString());
            assertEquals("application/problem+json", limited.contentType().split(";")[0]);
            assertFalse(limited.asString().contains(key));
            awaitDone(runs + "/" + slowId, alice, 1);
            JsonNode cancelled = JSON.readTree(given().auth().oauth2(alice).post(runs + "/" + slowId + "/cancel").then()
                    .statusCode(200).extract().asString());
            assertEquals("cancelled", cancelled.path("status").asText());
            int atCancel = cancelled.path("done").asInt();
            Thread.sleep(3 * ScriptedModelServer.SLOW_MS);
            JsonNode after = get(runs + "/" + slowId, alice);
            assertEquals("cancelled", after.path("status").asText());
            assertTrue(after.path("done").asInt() <= atCancel + 1 && after.path("done").asInt() < 10, after.toString());
            assertFalse(after.has("evalRunId"));

            // a restart of hub-backend mid-run: the run is failed (interrupted), not running forever
            Response doomed = start(runs, alice, model.baseUrl(), "slow", key, 5, 2);
            assertEquals(202, doomed.statusCode(), doomed.asString());
            String doomedId = doomed.jsonPath().getString("id");
            awaitDone(runs + "/" + doomedId, alice, 1);
            EvalHubProcess.HUB.restart();
            String fresh = Tokens.forUser("alice", "alice");
            JsonNode interrupted = awaitEnd(runs + "/" + doomedId, fresh);
            assertEquals("failed", interrupted.path("status").asText(), interrupted.toString());
            assertTrue(interrupted.path("error").asText().startsWith("interrupted"), interrupted.toString());

            // the key: in no row, in no log line (hub-backend's and this validator's)
            String dump = pgDump(EvalHubProcess.HUB);
            assertTrue(dump.contains("scripted-model") && dump.contains("hub_eval_runs"), "the dump holds the runs");
            assertFalse(dump.contains(key), "the API key is in a database row");
            String hubLog = Files.readString(EvalHubProcess.HUB.log(), StandardCharsets.UTF_8);
            assertTrue(hubLog.contains("hub-run evaluation " + id + " finished"), "the hub's log is captured");
            assertFalse(hubLog.contains(key), "the API key is in hub-backend's log");
            assertFalse(validatorLog.isEmpty(), "the validator's log is captured");
            assertFalse(String.join("\n", validatorLog).contains(key), "the API key is in the validator's log");

            // only session starts went through the runners' shared address; each run's steps went to its holder
            List<String> shared = EvalHubProcess.BALANCER.seen();
            assertFalse(shared.isEmpty(), "evaluation sessions start through the shared address");
            assertTrue(shared.stream().allMatch("POST /internal/v1/sessions"::equals), shared.toString());
        } finally {
            java.util.logging.Logger.getLogger("").removeHandler(capture);
        }
    }

    private static Response start(String runs, String token, String baseUrl, String model, String key, int examples,
                                  int rollouts) {
        Map<String, Object> body = Map.of("baseUrl", baseUrl, "model", model, "apiKey", key, "examples", examples,
                "rolloutsPerExample", rollouts, "sampling", Map.of("temperature", 0.7, "max_tokens", 64));
        return given().auth().oauth2(token).contentType("application/json").body(body).post(runs);
    }

    private static JsonNode get(String url, String token) throws Exception {
        return JSON.readTree(given().auth().oauth2(token).get(url).then().statusCode(200).extract().asString());
    }

    private static JsonNode awaitEnd(String url, String token) throws Exception {
        long deadline = System.nanoTime() + 240_000_000_000L;
        JsonNode run = get(url, token);
        while (System.nanoTime() < deadline && List.of("queued", "running").contains(run.path("status").asText())) {
            Thread.sleep(300);
            run = get(url, token);
        }
        return run;
    }

    private static void awaitDone(String url, String token, int done) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        JsonNode run = get(url, token);
        while (run.path("done").asInt() < done && System.nanoTime() < deadline) {
            Thread.sleep(200);
            run = get(url, token);
        }
        assertEquals("running", run.path("status").asText(), run.toString());
        assertTrue(run.path("done").asInt() >= done, run.toString());
    }

    private static String pgDump(HubBackendServer hub) throws Exception {
        Map<String, String> db = hub.database();
        java.net.URI uri = java.net.URI.create(db.get("ENVHUB_DB_URL").substring("jdbc:".length()));
        ProcessBuilder pb = new ProcessBuilder("pg_dump", "-h", uri.getHost(), "-p", String.valueOf(uri.getPort() < 0 ? 5432
                : uri.getPort()), "-U", db.get("ENVHUB_DB_USER"), "--data-only", "-n", "hub", uri.getPath().substring(1));
        pb.environment().put("PGPASSWORD", db.get("ENVHUB_DB_PASSWORD"));
        Process p = pb.redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertNotNull(out);
        return out;
    }

    private static void push(String hub, String token, String name, Fixtures fixture) throws Exception {
        Path dir = Files.createTempDirectory("eval-wheel-");
        Path wheel = fixture.write(dir);
        byte[] bytes = Files.readAllBytes(wheel);
        given().auth().oauth2(token)
                .multiPart("file", wheel.getFileName().toString(), bytes, "application/octet-stream")
                .multiPart("sha256", Sha256.hex(Sha256.digest(bytes)))
                .post(hub + "/api/v1/environments/alice/" + name + "/versions").then().statusCode(201);
        Files.delete(wheel);
        Files.delete(dir);
    }

    private static String awaitStatus(String hub, String token, String env) throws InterruptedException {
        long deadline = System.nanoTime() + 300_000_000_000L;
        String status = null;
        while (System.nanoTime() < deadline) {
            status = given().auth().oauth2(token).get(hub + "/api/v1/environments/" + env + "/versions/0.1.0").then()
                    .statusCode(200).extract().jsonPath().getString("trustStatus");
            if (!"validating".equals(status)) {
                return status;
            }
            Thread.sleep(500);
        }
        return status;
    }
}
