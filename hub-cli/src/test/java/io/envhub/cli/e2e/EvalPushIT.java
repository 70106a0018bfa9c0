package io.envhub.cli.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.CliRun;
import io.envhub.cli.core.ExitCodes;
import io.envhub.testsupport.EvalRunDirs;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code envhub eval push} and {@code envhub eval list} against the real, packaged hub-backend: run directories
 * written as the verifiers tooling writes them (two models, two versions, plain, gzip and --gzip), the progress bar,
 * the refusals in one line (a malformed file, a version not validated, a missing --env version), the list.
 */
@ExtendWith(HubBackendExtension.class)
class EvalPushIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    static HubBackend hub;

    @BeforeAll
    static void setUp(HubBackend backend) {
        hub = backend;
    }

    static CliRun alice() {
        return CliRun.with().env("ENVHUB_URL", hub.url()).env("ENVHUB_WEB_URL", "http://web.test")
                .env("ENVHUB_KEYCLOAK_URL", KeycloakTestResource.baseUrl())
                .env("ENVHUB_CONFIG_DIR", tmp.resolve("alice-config").toString())
                .env("ENVHUB_TOKEN", Tokens.forUser("alice", "alice"));
    }

    @Test
    void pushAndListRunsOfTwoModelsOnTwoVersions() throws Exception {
        Path project = tmp.resolve("eval-target");
        assertEquals(0, alice().run("init", "eval-target", "--dir", project.toString(), "--legacy").exitCode());
        CliRun.Result first = alice().run("push", project.toString(), "--no-wait", "--owner", "alice");
        assertEquals(0, first.exitCode(), first.toString());
        Path toml = project.resolve("pyproject.toml");
        Files.writeString(toml, Files.readString(toml).replace("version = \"0.1.0\"", "version = \"0.2.0\""));
        CliRun.Result second = alice().run("push", project.toString(), "--no-wait", "--owner", "alice");
        assertEquals(0, second.exitCode(), second.toString());

        Path a1 = EvalRunDirs.write(tmp.resolve("runs/a1"), "eval-target", "openai/gpt-4.1-mini", 3, 2,
                (e, r) -> e == 0 ? 1.0 : 0.0, false);
        CliRun.Result pending = alice().run("eval", "push", a1.toString(), "--env", "alice/eval-target@0.1.0");
        assertEquals(ExitCodes.REFUSED, pending.exitCode(), pending.toString());
        assertEquals("envhub: the hub refused the run: Version 0.1.0 of alice/eval-target is pending: results are accepted "
                + "for validated versions only (version-not-validated)", pending.errorLine());

        hub.markValidated("alice", "eval-target", "0.1.0");
        hub.markValidated("alice", "eval-target", "0.2.0");
        CliRun.Result pushed = alice().run("eval", "push", a1.toString(), "--env", "alice/eval-target@0.1.0");
        assertEquals(0, pushed.exitCode(), pushed.toString());
        assertTrue(pushed.out().matches("(?s)Pushed run \\d+ of openai/gpt-4\\.1-mini on alice/eval-target 0\\.1\\.0 — mean "
                + "reward 0\\.333 ± 0\\.471 over 6 rollouts \\(self-reported\\)\nhttp://web\\.test/alice/eval-target/evals/\\d+\n"),
                pushed.out());
        assertTrue(pushed.err().contains("uploading results.jsonl  [########################] 100%"), pushed.err());

        Path b2 = EvalRunDirs.write(tmp.resolve("runs/b2"), "eval-target", "qwen/qwen3-8b", 2, 2, (e, r) -> 0.75, true);
        JsonNode gz = JSON.readTree(ok(alice().run("eval", "push", b2.toString(), "--env", "alice/eval-target@0.2.0", "--json")).out());
        assertEquals(0.75, gz.path("avgReward").asDouble(), 1e-9);
        assertEquals("qwen/qwen3-8b", gz.path("model").asText());
        Path a2 = EvalRunDirs.write(tmp.resolve("runs/a2"), "eval-target", "openai/gpt-4.1-mini", 2, 3, (e, r) -> 0.5, false);
        CliRun.Result compressed = ok(alice().run("eval", "push", a2.toString(), "--env", "alice/eval-target@0.2.0", "--gzip"));
        assertTrue(compressed.err().contains("uploading envhub-eval-"), compressed.err());

        JsonNode listed = JSON.readTree(ok(alice().run("eval", "list", "alice/eval-target", "--json")).out());
        assertEquals(List.of("qwen/qwen3-8b", "openai/gpt-4.1-mini", "openai/gpt-4.1-mini"),
                listed.findValuesAsText("model"));
        CliRun.Result table = ok(alice().run("eval", "list", "alice/eval-target@0.2.0"));
        String[] lines = table.out().split("\n");
        assertEquals(3, lines.length, table.out());
        assertTrue(lines[0].startsWith("ID     VERSION    MODEL"), lines[0]);
        assertTrue(lines[1].contains("0.2.0") && lines[1].contains("qwen/qwen3-8b") && lines[1].contains("0.750 ± 0.000")
                && lines[1].contains("alice") && lines[1].endsWith("self-reported"), lines[1]);

        Path broken = EvalRunDirs.write(tmp.resolve("runs/broken"), "eval-target", "m", 2, 1, (e, r) -> 1.0, false);
        Files.writeString(broken.resolve("results.jsonl"), "{\"example_id\": 0, \"prompt\": \"p\", \"completion\": \"c\", "
                + "\"reward\": 1.0}\n{\"example_id\": 1, \"prompt\": \"p\",\n");
        CliRun.Result malformed = alice().run("eval", "push", broken.toString(), "--env", "alice/eval-target@0.2.0");
        assertEquals(ExitCodes.REFUSED, malformed.exitCode(), malformed.toString());
        assertTrue(malformed.errorLine().startsWith("envhub: the hub refused the run: Line 2 of results.jsonl is not "
                + "well-formed JSON: "), malformed.errorLine());
        assertTrue(malformed.errorLine().endsWith("(results-invalid-json)"), malformed.errorLine());

        CliRun.Result noVersion = alice().run("eval", "push", a1.toString(), "--env", "alice/eval-target");
        assertEquals(ExitCodes.USAGE, noVersion.exitCode(), noVersion.toString());
        assertEquals("envhub: give the exact version evaluated: --env alice/eval-target@VERSION", noVersion.errorLine());
        CliRun.Result unknown = alice().run("eval", "list", "alice/no-such-env");
        assertEquals(ExitCodes.REFUSED, unknown.exitCode(), unknown.toString());
        assertEquals("envhub: alice/no-such-env not found (or it is private and you are not signed in as someone who may "
                + "see it)", unknown.errorLine());
    }

    /**
     * A verifiers v1 run directory (traces.jsonl, one episode per line; configs/eval.json) goes to the real hub as it is:
     * the run has the config's model and sampling, one rollout per trace with each reward function's score, tool calls
     * with their results.
     */
    @Test
    void aVerifiersV1RunDirectoryIsPushed() throws Exception {
        Path project = tmp.resolve("eval-v1");
        assertEquals(0, alice().run("init", "eval-v1", "--dir", project.toString(), "--legacy").exitCode());
        ok(alice().run("push", project.toString(), "--no-wait", "--owner", "alice"));
        hub.markValidated("alice", "eval-v1", "0.1.0");
        Path run = Files.createDirectories(tmp.resolve("runs/v1/configs"));
        Files.writeString(run.resolve("eval.json"), "{\"env\": {\"taskset\": {\"id\": \"eval-v1\"}}, \"model\": "
                + "\"openai/gpt-4.1-mini\", \"sampling\": {\"temperature\": 0.2}, \"num_rollouts\": 2}");
        StringBuilder traces = new StringBuilder();
        for (int task = 0; task < 3; task++) {
            StringBuilder episode = new StringBuilder("{\"id\":\"ep" + task + "\",\"env\":{\"id\":\"alice/eval-v1\"},"
                    + "\"ok\":true,\"errors\":[],\"traces\":[");
            for (int rollout = 0; rollout < 2; rollout++) {
                double exact = task == 0 ? 1.0 : 0.0;
                episode.append(rollout == 0 ? "" : ",").append("{\"id\":\"t").append(task).append(rollout)
                        .append("\",\"task\":{\"type\":\"reverse\",\"key\":\"k").append(task)
                        .append("\",\"data\":{\"idx\":").append(task).append(",\"prompt\":\"text ").append(task)
                        .append("\"}},\"nodes\":[{\"message\":{\"role\":\"user\",\"content\":\"text ").append(task)
                        .append("\"}},{\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":"
                                + "\"c1\",\"type\":\"function\",\"function\":{\"name\":\"reverse\",\"arguments\":\"{}\"}}]}},"
                                + "{\"message\":{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"ok\"}},"
                                + "{\"message\":{\"role\":\"assistant\",\"content\":\"done\"}}],\"rewards\":{"
                                + "\"exact_reversal\":{\"score\":").append(exact).append(",\"weight\":1.0},"
                                + "\"format\":{\"score\":1.0,\"weight\":0.5}},\"ok\":true,\"stop_condition\":\"single_turn\"}");
            }
            traces.append(episode).append("]}\n");
        }
        Files.writeString(run.getParent().resolve("traces.jsonl"), traces.toString());

        JsonNode pushed = JSON.readTree(ok(alice().run("eval", "push", run.getParent().toString(), "--env", "alice/eval-v1@0.1.0",
                "--json")).out());
        assertEquals("openai/gpt-4.1-mini", pushed.path("model").asText());
        assertEquals(6, pushed.path("numRollouts").asInt());
        assertEquals((2 * 1.5 + 4 * 0.5) / 6, pushed.path("avgReward").asDouble(), 1e-9);
        java.net.http.HttpResponse<String> page = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                .newBuilder(java.net.URI.create(hub.url() + "/api/v1/environments/alice/eval-v1/evals/" + pushed.path("id").asLong()
                        + "/rollouts?page=1")).header("Authorization", "Bearer " + Tokens.forUser("alice", "alice")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode(), page.body());
        JsonNode rollouts = JSON.readTree(page.body()).path("rollouts");
        assertEquals(6, rollouts.size(), page.body());
        assertEquals("k0", rollouts.get(0).path("exampleId").asText());
        assertEquals(1.0, rollouts.get(0).path("rewards").path("exact_reversal").path("score").asDouble(),
                "each reward function's score");
        assertEquals(0.5, rollouts.get(0).path("rewards").path("format").path("weight").asDouble());
        assertEquals("reverse", rollouts.get(0).path("turns").get(1).path("toolCalls").get(0).path("name").asText());
        assertEquals("ok", rollouts.get(0).path("turns").get(1).path("toolCalls").get(0).path("result").asText());
        assertEquals("reverse", rollouts.get(0).path("completion").get(0).path("tool_calls").get(0).path("function")
                .path("name").asText(), "tool calls are kept in the completion");
        JsonNode run1 = JSON.readTree(java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                .newBuilder(java.net.URI.create(hub.url() + "/api/v1/environments/alice/eval-v1/evals/" + pushed.path("id").asLong()))
                .header("Authorization", "Bearer " + Tokens.forUser("alice", "alice")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString()).body());
        System.out.println("v1 run as the hub stores it: " + run1);
        assertTrue(run1.toString().contains("\"temperature\":0.2"), run1.toString());
    }

    private static CliRun.Result ok(CliRun.Result r) {
        assertEquals(0, r.exitCode(), r.toString());
        return r;
    }
}
