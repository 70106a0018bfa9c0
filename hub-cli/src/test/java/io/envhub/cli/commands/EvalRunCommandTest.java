package io.envhub.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.envhub.cli.CliRun;
import io.envhub.cli.core.ExitCodes;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code envhub eval run}: the request it sends (the key from the named variable), --follow's progress lines, the end
 * (mean reward and run page; exit 1 on failed or cancelled), and the key never in its output. The hub's side (the
 * rollouts themselves) is tested end to end in package-validator's HubRunEvalEndToEndTest; here a scripted hub answers
 * the three calls so that each ending can be forced.
 */
class EvalRunCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "sk-cli-test-5f1e9d0c7b";
    private static final String RUNS = "/api/v1/environments/alice/arith/versions/0.1.0/evals/runs";
    private static final String ID = "0123456789abcdef0123456789abcdef";

    @TempDir
    Path tmp;
    private HttpServer hub;
    private final List<JsonNode> posted = new CopyOnWriteArrayList<>();
    private final AtomicInteger polls = new AtomicInteger();
    private volatile String ending;

    @BeforeEach
    void scriptedHub() throws IOException {
        hub = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        hub.createContext("/", ex -> {
            try (ex) {
                String path = ex.getRequestURI().getPath();
                if (ex.getRequestMethod().equals("POST") && path.equals(RUNS)) {
                    posted.add(JSON.readTree(ex.getRequestBody()));
                    send(ex, 202, "{\"id\":\"" + ID + "\",\"status\":\"queued\"}");
                } else if (ex.getRequestMethod().equals("GET") && path.equals(RUNS + "/" + ID)) {
                    int n = polls.incrementAndGet();
                    send(ex, 200, n < 3 ? "{\"id\":\"" + ID + "\",\"status\":\"running\",\"done\":" + n + ",\"total\":4,"
                            + "\"meanReward\":0.5,\"provenance\":\"hub-run\",\"model\":\"m\"}" : ending);
                } else {
                    send(ex, 404, "{}");
                }
            }
        });
        hub.start();
    }

    @AfterEach
    void stop() {
        hub.stop(0);
    }

    private CliRun cli() {
        String url = "http://127.0.0.1:" + hub.getAddress().getPort();
        return CliRun.with().env("ENVHUB_CONFIG_DIR", tmp.resolve("cfg").toString()).env("ENVHUB_URL", url)
                .env("ENVHUB_WEB_URL", "https://hub.example").env("ENVHUB_TOKEN", "pat-test").env("ENVHUB_EVAL_POLL_MS", "10")
                .env("MY_KEY", KEY);
    }

    private static String[] args(String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("eval", "run", "alice/arith@0.1.0", "--base-url",
                "https://api.example.com/v1", "--model", "m", "--api-key-env", "MY_KEY"));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void followPrintsProgressThenTheMeanRewardAndThePage() {
        ending = "{\"id\":\"" + ID + "\",\"status\":\"finished\",\"done\":4,\"total\":4,\"meanReward\":0.75,"
                + "\"provenance\":\"hub-run\",\"model\":\"m\",\"evalRunId\":7}";
        CliRun.Result r = cli().run(args("--examples", "2", "--rollouts", "2", "--temperature", "0.7", "--max-tokens", "64",
                "--follow"));
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        JsonNode body = posted.get(0);
        assertEquals(KEY, body.path("apiKey").asText(), "the key from MY_KEY");
        assertEquals("https://api.example.com/v1", body.path("baseUrl").asText());
        assertEquals(2, body.path("examples").asInt());
        assertEquals(2, body.path("rolloutsPerExample").asInt());
        assertEquals(0.7, body.path("sampling").path("temperature").asDouble(), 1e-9);
        assertEquals(64, body.path("sampling").path("max_tokens").asInt());
        assertTrue(r.out().contains("1/4 rollouts  mean reward 0.500  running"), r.out());
        assertTrue(r.out().contains("2/4 rollouts"), r.out());
        assertTrue(r.out().contains("finished: mean reward 0.750 over 4 rollouts (hub-run)"), r.out());
        assertTrue(r.out().contains("https://hub.example/alice/arith/evals/7"), r.out());
        assertFalse(r.out().contains(KEY) || r.err().contains(KEY), "the key is never printed");
    }

    @Test
    void aFailedRunExitsOneWithItsError() {
        ending = "{\"id\":\"" + ID + "\",\"status\":\"failed\",\"done\":2,\"total\":4,\"provenance\":\"hub-run\",\"model\":\"m\","
                + "\"error\":\"the model endpoint https://api.example.com answered HTTP 401: bad key\"}";
        CliRun.Result r = cli().run(args("--follow"));
        assertEquals(ExitCodes.REFUSED, r.exitCode(), r.toString());
        assertTrue(r.errorLine().contains("failed: the model endpoint https://api.example.com answered HTTP 401"), r.toString());
        assertTrue(r.errorLine().contains("2/4 rollouts done"), r.toString());
        assertFalse(r.out().contains(KEY) || r.err().contains(KEY));
    }

    @Test
    void aCancelledRunExitsOne() {
        ending = "{\"id\":\"" + ID + "\",\"status\":\"cancelled\",\"done\":3,\"total\":4,\"provenance\":\"hub-run\",\"model\":\"m\"}";
        CliRun.Result r = cli().run(args("--follow"));
        assertEquals(ExitCodes.REFUSED, r.exitCode(), r.toString());
        assertTrue(r.errorLine().contains("cancelled"), r.toString());
    }

    @Test
    void withoutFollowItPrintsTheRunAndReturns() {
        CliRun.Result r = cli().run(args());
        assertEquals(ExitCodes.OK, r.exitCode(), r.toString());
        assertTrue(r.out().contains("Started hub-run evaluation " + ID), r.out());
        assertEquals(0, polls.get());
    }

    @Test
    void anUnsetKeyVariableIsAUsageError() {
        CliRun.Result r = cli().env("MY_KEY", "").run(args());
        assertEquals(ExitCodes.USAGE, r.exitCode(), r.toString());
        assertTrue(r.errorLine().contains("environment variable MY_KEY is not set"), r.toString());
        assertTrue(posted.isEmpty());
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        ex.getResponseBody().write(bytes);
    }
}
