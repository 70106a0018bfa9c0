package io.envhub.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.CliRun;
import io.envhub.cli.core.CliException;
import io.envhub.cli.http.FakeServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A verifiers v1 run directory (traces.jsonl with one episode per line, configs/eval.json) read as the hub's run upload:
 * model and sampling from the config, one row per trace with the weighted reward sum and each reward function's score.
 */
class V1RunDirTest {
    /** Pretty-printing, as the CLI's own mapper: rows must still be one per line. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT);

    @TempDir
    Path tmp;

    /** One episode of one task with {@code rollouts} traces; the first reply of each is {@code replies[i]}. */
    private static String episode(int idx, String text, double... exact) {
        StringBuilder traces = new StringBuilder();
        for (int i = 0; i < exact.length; i++) {
            String reversed = new StringBuilder(text).reverse().toString();
            traces.append(i == 0 ? "" : ",").append("""
                    {"version":1,"id":"t%d-%d","task":{"type":"reverse","data":{"idx":%d,"prompt":"%s","answer":"%s"},
                     "key":"task-%d"},
                     "nodes":[{"message":{"role":"system","content":"Reverse the text."}},
                              {"message":{"role":"user","content":"%s"}},
                              {"message":{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function",
                                 "function":{"name":"reverse","arguments":"{\\"text\\": \\"%s\\"}"}}]}},
                              {"message":{"role":"tool","tool_call_id":"c1","content":"%s"}},
                              {"message":{"role":"assistant","content":"%s"}}],
                     "rewards":{"exact_reversal":{"score":%s,"weight":1.0},"format":{"score":0.5,"weight":0.2},"skipped":null},
                     "metrics":{"num_turns":2,"note":"text"},"is_completed":true,"ok":true,"stop_condition":"single_turn",
                     "errors":[]}""".formatted(idx, i, idx, text, reversed, idx, text, text, reversed,
                    exact[i] == 1.0 ? reversed : text, exact[i]));
        }
        return ("{\"id\":\"ep" + idx + "\",\"env\":{\"id\":\"alice/fx-env\"},\"task\":{\"type\":\"reverse\",\"data\":{\"idx\":" + idx
                + "}},\"ok\":true,\"errors\":[],\"traces\":[" + traces + "]}").replace("\n", "");
    }

    private Path runDir(String... episodes) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("outputs/fx-env--m--h/run1"));
        Files.createDirectories(dir.resolve("configs"));
        Files.writeString(dir.resolve("configs/eval.json"), """
                {"env": {"taskset": {"id": "fx-env"}}, "model": "openai/gpt-4.1-mini",
                 "client": {"base_url": "https://api.example.org/v1?key=secret"},
                 "sampling": {"temperature": 0.7, "max_tokens": 256}, "num_tasks": 2, "num_rollouts": 2}
                """, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("traces.jsonl"), String.join("\n", episodes) + "\n", StandardCharsets.UTF_8);
        return dir;
    }

    @Test
    void tracesBecomeRowsAndTheConfigTheMetadata() throws Exception {
        Path dir = runDir(episode(0, "hello", 1.0, 0.0), episode(1, "world", 1.0, 1.0));
        V1RunDir.Converted c = V1RunDir.convert(dir, JSON);
        try {
            JsonNode meta = JSON.readTree(c.metadata().toFile());
            assertEquals("openai/gpt-4.1-mini", meta.path("model").asText());
            assertEquals("alice/fx-env", meta.path("env_id").asText());
            assertEquals(0.7, meta.path("sampling_args").path("temperature").asDouble());
            assertEquals(256, meta.path("sampling_args").path("max_tokens").asInt());
            assertEquals(2, meta.path("num_examples").asInt());
            assertEquals(2, meta.path("rollouts_per_example").asInt());
            // rewards: 3 traces at 1.0 + 0.2*0.5, one at 0.0 + 0.1
            assertEquals((3 * 1.1 + 0.1) / 4, meta.path("avg_reward").asDouble(), 1e-9);
            assertEquals(0.75, meta.path("avg_metrics").path("exact_reversal").asDouble(), 1e-9);
            assertEquals(0.5, meta.path("avg_metrics").path("format").asDouble(), 1e-9);
            assertEquals(2.0, meta.path("avg_metrics").path("num_turns").asDouble(), 1e-9);
            assertEquals("verifiers-v1", meta.path("format").asText());

            List<String> lines = Files.readAllLines(c.results());
            assertEquals(4, lines.size());
            JsonNode first = JSON.readTree(lines.get(0));
            assertEquals("task-0", first.path("example_id").asText());
            assertEquals(List.of("system", "user"), roles(first.path("prompt")));
            assertEquals(List.of("assistant", "tool", "assistant"), roles(first.path("completion")));
            assertEquals("reverse", first.path("completion").get(0).path("tool_calls").get(0).path("function").path("name").asText());
            assertEquals(1.1, first.path("reward").asDouble(), 1e-9);
            assertEquals(1.0, first.path("metrics").path("exact_reversal").asDouble());
            assertTrue(first.path("metrics").path("note").isMissingNode(), "only numeric metrics");
            assertTrue(first.path("metrics").path("skipped").isMissingNode(), "a reward that did not run is left out");
            assertEquals("single_turn", first.path("info").path("stop_condition").asText());
            assertEquals("olleh", first.path("answer").asText());
            assertEquals(0.1, JSON.readTree(lines.get(1)).path("reward").asDouble(), 1e-9);
        } finally {
            for (Path f : List.of(c.metadata(), c.results(), c.dir())) {
                Files.deleteIfExists(f);
            }
        }
    }

    @Test
    void unevenRolloutsAndAMissingConfigAreOneReadableLine() throws Exception {
        Path dir = runDir(episode(0, "hello", 1.0, 0.0), episode(1, "world", 1.0));
        CliException uneven = assertThrows(CliException.class, () -> V1RunDir.convert(dir, JSON));
        assertTrue(uneven.getMessage().contains("uneven rollouts per task (2 tasks, 3 traces, up to 2 per task)")
                && uneven.getMessage().contains("vf-eval --resume"), uneven.getMessage());
        Files.delete(dir.resolve("configs/eval.json"));
        CliException noConfig = assertThrows(CliException.class, () -> V1RunDir.convert(dir, JSON));
        assertTrue(noConfig.getMessage().endsWith("holds no <cli>.json"), noConfig.getMessage());
    }

    @Test
    void evalPushSendsTheConvertedRun() throws Exception {
        Path dir = runDir(episode(0, "hello", 1.0, 1.0));
        try (FakeServer hub = new FakeServer()) {
            hub.on("POST /api/v1/environments/alice/fx-env/versions/0.2/evals", ex -> FakeServer.send(ex, 201, "application/json",
                    "{\"id\":7,\"model\":\"openai/gpt-4.1-mini\",\"version\":\"0.2\",\"owner\":\"alice\",\"name\":\"fx-env\","
                            + "\"avgReward\":1.1,\"rewardStd\":0.0,\"numRollouts\":2,\"provenance\":\"self-reported\"}"));
            CliRun.Result r = CliRun.with().env("ENVHUB_URL", hub.url()).env("ENVHUB_TOKEN", "envhub_x")
                    .env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                    .run("eval", "push", dir.toString(), "--env", "alice/fx-env@0.2");
            assertEquals(0, r.exitCode(), r.toString());
            assertTrue(r.out().contains("verifiers v1 run: 2 traces from traces.jsonl"), r.out());
            assertTrue(r.out().contains("Pushed run 7 of openai/gpt-4.1-mini on alice/fx-env 0.2"), r.out());
        }
        try (var left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            assertTrue(left.noneMatch(p -> p.getFileName().toString().startsWith("envhub-eval-v1-")
                    && p.toFile().lastModified() > System.currentTimeMillis() - 60_000), "the converted files are removed");
        }
    }

    private static List<String> roles(JsonNode messages) {
        return java.util.stream.StreamSupport.stream(messages.spliterator(), false).map(m -> m.path("role").asText()).toList();
    }
}
