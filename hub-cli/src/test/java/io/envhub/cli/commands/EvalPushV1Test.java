package io.envhub.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.envhub.cli.CliRun;
import io.envhub.cli.core.ExitCodes;
import io.envhub.testsupport.V1RunDirs;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code envhub eval push} of a verifiers v1 run directory sends its files as they are (the hub reads v1): the parts
 * {@code config} (configs/eval.json) and {@code traces} (traces.jsonl, byte for byte), plus the run date; nothing is
 * converted on the client.
 */
class EvalPushV1Test {
    @TempDir
    Path tmp;

    @Test
    void aV1RunDirectoryIsSentAsItIs() throws Exception {
        Path dir = V1RunDirs.write(tmp.resolve("outputs/math--m--default/run1"), "alice/math@0.2", "openai/gpt-5-mini", 2, 2,
                (t, r) -> 1.0);
        Files.writeString(dir.resolve("configs/zz-later.json"), "{\"model\": \"not-this-one\"}");
        AtomicReference<String> body = new AtomicReference<>();
        AtomicReference<String> path = new AtomicReference<>();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", ex -> {
            path.set(ex.getRequestMethod() + " " + ex.getRequestURI().getPath());
            body.set(new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] answer = ("{\"id\":7,\"model\":\"openai/gpt-5-mini\",\"version\":\"0.2\",\"owner\":\"alice\",\"name\":\"math\","
                    + "\"avgReward\":1.2,\"rewardStd\":0.0,\"numRollouts\":4,\"provenance\":\"self-reported\"}")
                    .getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(201, answer.length);
            ex.getResponseBody().write(answer);
            ex.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            CliRun.Result r = CliRun.with().env("ENVHUB_URL", url).env("ENVHUB_TOKEN", "envhub_x")
                    .env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                    .run("eval", "push", dir.toString(), "--env", "alice/math@0.2");
            assertEquals(0, r.exitCode(), r.toString());
            assertTrue(r.out().contains("Pushed run 7 of openai/gpt-5-mini on alice/math 0.2"), r.out());
            assertEquals("POST /api/v1/environments/alice/math/versions/0.2/evals", path.get());
            String sent = body.get();
            assertTrue(sent.contains("name=\"config\""), sent);
            assertTrue(sent.contains("name=\"traces\""), sent);
            assertTrue(sent.contains("name=\"run_date\""), sent);
            assertFalse(sent.contains("name=\"metadata\"") || sent.contains("name=\"results\""), "no converted v0 files");
            assertTrue(sent.contains(Files.readString(dir.resolve("traces.jsonl"))), "traces.jsonl byte for byte");
            assertTrue(sent.contains(Files.readString(dir.resolve("configs/eval.json"))), "the first config by name");
            assertFalse(sent.contains("not-this-one"));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void tracesWithoutTheirConfigAreRefusedInOneLine() throws Exception {
        Path dir = V1RunDirs.write(tmp.resolve("run"), "alice/math", "m", 1, 1, (t, r) -> 1.0);
        Files.delete(dir.resolve("configs/eval.json"));
        CliRun.Result r = CliRun.with().env("ENVHUB_URL", "http://127.0.0.1:9").env("ENVHUB_TOKEN", "envhub_x")
                .env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString())
                .run("eval", "push", dir.toString(), "--env", "alice/math@0.2");
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.toString());
        assertTrue(r.err().contains("has traces.jsonl but no configs/<cli>.json"), r.err());
    }
}
