package io.envhub.validator.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.validator.check.Fixtures;
import io.envhub.validator.sandbox.BubblewrapAssumption;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Hosted sessions in the real bubblewrap sandbox, driven over the runner's HTTP API with a plain HTTP client in
 * OpenEnv's shape: reset gives the prompt, step scores the reply with the environment's own rewards and ends; ten
 * sessions at once; a process killed mid-step answers 503 and frees its slot; idle sessions are reaped.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
class HostedSessionTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SLOW = """
            import time


            def slow_reward(completion, answer):
                time.sleep(120)
                return 1.0


            class Environment:
                def __init__(self):
                    self.dataset = [{"prompt": "Say yes.", "answer": "yes"}]
                    self.rubric = [slow_reward]


            def load_environment():
                return Environment()
            """;
    private static HttpServer wheels;
    private static Path dir;

    @TestHTTPResource("/internal/v1/sessions")
    URL runner;
    @Inject
    SessionRunner sessions;
    @Inject
    SessionConfig config;

    @BeforeAll
    static void serveWheels() throws Exception {
        dir = Files.createTempDirectory("session-wheels-");
        Fixtures.env("good-env", Fixtures.GOOD).write(dir);
        Fixtures.env("slow-env", SLOW).write(dir);
        wheels = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        wheels.createContext("/", ex -> {
            Path f = dir.resolve(ex.getRequestURI().getPath().substring(1));
            byte[] body = Files.readAllBytes(f);
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        wheels.start();
    }

    @AfterAll
    static void stop() {
        wheels.stop(0);
    }

    @BeforeEach
    void sandbox() {
        BubblewrapAssumption.assumeBubblewrap();
    }

    @Test
    void resetGivesThePromptAndStepScoresTheReplyWithTheEnvironmentsRewards() throws Exception {
        String id = start("good_env-0.1.0-py3-none-any.whl");
        JsonNode reset = post(id + "/reset", "{\"seed\": 1, \"episode_id\": \"ep-1\"}", 200);
        assertEquals("What is 1 + 5? Reply with the number only.", reset.path("observation").path("prompt").asText());
        assertEquals("user", reset.path("observation").path("messages").path(0).path("role").asText());
        assertTrue(reset.path("reward").isNull());
        assertFalse(reset.path("done").asBoolean());
        JsonNode step = post(id + "/step", "{\"action\": {\"message\": \"6\"}}", 200);
        assertTrue(step.path("done").asBoolean());
        assertEquals(1.2, step.path("reward").asDouble(), 1e-9, "exact_match 1.0 + short_answer 0.2");
        JsonNode state = get(id + "/state");
        assertEquals("ep-1", state.path("episode_id").asText());
        assertEquals(1, state.path("step_count").asInt());
        assertEquals(400, status(post(id + "/step", "{\"action\": {\"message\": \"6\"}}")), "the episode is done");

        post(id + "/reset", "{\"seed\": 1}", 200);
        JsonNode wrong = post(id + "/step", "{\"action\": {\"messages\": [{\"role\": \"assistant\", \"content\": \"7\"}]}}", 200);
        assertEquals(0.2, wrong.path("reward").asDouble(), 1e-9, "wrong answer: only the short-answer reward");
        close(id);
        assertEquals(404, status(post(id + "/reset", "{}")));
    }

    @Test
    void tenSessionsRunAtOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            List<Future<Double>> rewards = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                int seed = i;
                rewards.add(pool.submit(() -> {
                    String id = start("good_env-0.1.0-py3-none-any.whl");
                    post(id + "/reset", "{\"seed\": " + seed + "}", 200);
                    JsonNode step = post(id + "/step", "{\"action\": {\"message\": \"" + (3 * seed + 3) + "\"}}", 200);
                    close(id);
                    return step.path("reward").asDouble();
                }));
            }
            for (Future<Double> r : rewards) {
                assertEquals(1.2, r.get(), 1e-9);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSessionKilledMidStepAnswers503AndFreesItsSlot() throws Exception {
        String id = start("slow_env-0.1.0-py3-none-any.whl");
        post(id + "/reset", "{}", 200);
        int before = sessions.size();
        CompletableFuture<HttpResponse<String>> step = HTTP.sendAsync(request(id + "/step")
                .POST(HttpRequest.BodyPublishers.ofString("{\"action\": {\"message\": \"yes\"}}")).build(),
                HttpResponse.BodyHandlers.ofString());
        Thread.sleep(1500); // the step is in the environment's reward function (it sleeps two minutes)
        sessions.kill(id);
        HttpResponse<String> r = step.get();
        assertEquals(503, r.statusCode(), r.body());
        assertTrue(r.body().contains("session-gone"), r.body());
        assertEquals(before - 1, sessions.size(), "the slot is freed");
        assertEquals(404, status(post(id + "/reset", "{}")));
    }

    @Test
    void idleSessionsAreReaped() throws Exception {
        String id = start("good_env-0.1.0-py3-none-any.whl");
        long pid = sessions.pid(id);
        assertTrue(pid > 0);
        while (sessions.pid(id) != -1) {
            Thread.sleep(500);
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "the process is gone");
        assertEquals(404, status(post(id + "/reset", "{}")));
    }

    @Test
    void onlyHubBackendMayCallTheRunner() throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(runner.toString()))
                .header("Content-Type", "application/json").header(SessionRunnerResource.SECRET_HEADER, "wrong")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(403, r.statusCode());
    }

    private String start(String wheel) throws Exception {
        String id = UUID.randomUUID().toString();
        String body = JSON.createObjectNode().put("id", id).put("owner", (String) null)
                .put("wheelUrl", "http://127.0.0.1:" + wheels.getAddress().getPort() + "/" + wheel).toString();
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(runner.toString()))
                .header("Content-Type", "application/json").header(SessionRunnerResource.SECRET_HEADER, config.runnerSecret())
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(201, r.statusCode(), r.body());
        return id;
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create(runner + "/" + path)).header("Content-Type", "application/json")
                .header(SessionRunnerResource.SECRET_HEADER, config.runnerSecret());
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return HTTP.send(request(path).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode post(String path, String body, int expected) throws Exception {
        HttpResponse<String> r = post(path, body);
        assertEquals(expected, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r = HTTP.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    private void close(String id) throws Exception {
        HttpResponse<String> r = HTTP.send(request(id).DELETE().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(204, r.statusCode());
    }

    private static int status(HttpResponse<String> r) {
        return r.statusCode();
    }
}
