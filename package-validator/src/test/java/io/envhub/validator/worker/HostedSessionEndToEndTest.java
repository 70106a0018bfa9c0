package io.envhub.validator.worker;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.format.hash.Sha256;
import io.envhub.testprereq.Prerequisites;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import io.envhub.validator.check.Fixtures;
import io.envhub.validator.sandbox.BubblewrapAssumption;
import io.envhub.validator.session.SessionRunner;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * Hosted sessions end to end: the packaged hub-backend (process) with PostgreSQL, S3Proxy and Keycloak routes
 * {@code /openenv/{id}/...} to this validator's session runner (bubblewrap). A plain HTTP client drives a session in
 * OpenEnv's shape; limits answer 429; a private environment is 404 to others; an unvalidated version is refused; a
 * session whose process is killed answers 503 and frees its slot.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = SessionHubProcess.class, scope = TestResourceScope.RESTRICTED_TO_CLASS)
class HostedSessionEndToEndTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    SessionRunner runner;

    @Test
    void sessionsThroughTheHub() throws Exception {
        var config = ConfigProvider.getConfig();
        Prerequisites.require(config.getOptionalValue("envhub.test.hub-missing", String.class).isEmpty(),
                "hub-backend is not packaged (mvn package -pl hub-backend -DskipTests)");
        BubblewrapAssumption.assumeBubblewrap();
        String hub = config.getValue("envhub.validator.hub-url", String.class);
        String alice = Tokens.forUser("alice", "alice");
        String sam = Tokens.forUser("sam", "sam");
        String run = UUID.randomUUID().toString().substring(0, 8);
        String good = "sess-good-" + run;
        String secret = "sess-private-" + run;
        String broken = "sess-broken-" + run;
        push(hub, alice, good, Fixtures.env(good, Fixtures.GOOD), "public");
        push(hub, alice, secret, Fixtures.env(secret, Fixtures.GOOD), "private");
        push(hub, alice, broken, Fixtures.env(broken, "X = 1\n"), "public");
        // the two share one dataset, so whichever is validated second is flagged for that overlap: both passed
        java.util.Set<String> passed = java.util.Set.of("verified", "flagged");
        String goodStatus = awaitStatus(hub, alice, "alice/" + good);
        assertTrue(passed.contains(goodStatus), goodStatus);
        String secretStatus = awaitStatus(hub, alice, "alice/" + secret);
        assertTrue(passed.contains(secretStatus), secretStatus);
        assertEquals("failed", awaitStatus(hub, alice, "alice/" + broken));

        String path = "/api/v1/environments/alice/%s/versions/0.1.0/sessions";
        given().post(hub + path.formatted(good)).then().statusCode(401);
        given().auth().oauth2(sam).post(hub + path.formatted(secret)).then().statusCode(404)
                .contentType("application/problem+json");
        given().auth().oauth2(alice).post(hub + path.formatted(broken)).then().statusCode(409)
                .contentType("application/problem+json").body("type", org.hamcrest.Matchers.endsWith("version-not-runnable"));

        JsonNode started = JSON.readTree(given().auth().oauth2(alice).post(hub + path.formatted(good)).then().statusCode(201)
                .extract().asString());
        String base = hub + started.path("baseUrl").asText();
        assertEquals("/openenv/" + started.path("id").asText(), started.path("baseUrl").asText());
        assertFalse(started.path("expiresAt").asText().isEmpty());

        assertEquals("healthy", get(base + "/health").path("status").asText());
        assertTrue(get(base + "/schema").path("action").path("properties").has("message"));
        HttpResponse<String> reset = post(base + "/reset", "{\"seed\": 1}");
        assertEquals(200, reset.statusCode(), reset.body());
        JsonNode r = JSON.readTree(reset.body());
        assertEquals("What is 1 + 5? Reply with the number only.", r.path("observation").path("prompt").asText());
        assertTrue(r.path("reward").isNull());
        assertFalse(r.path("done").asBoolean());
        HttpResponse<String> step = post(base + "/step", "{\"action\": {\"message\": \"6\"}}");
        assertEquals(200, step.statusCode(), step.body());
        JsonNode s = JSON.readTree(step.body());
        assertTrue(s.path("done").asBoolean());
        assertEquals(1.2, s.path("reward").asDouble(), 1e-9);
        assertEquals(1, get(base + "/state").path("step_count").asInt());

        // the same session over OpenEnv's WebSocket transport, the one its EnvClient speaks
        try (SocketProbe ws = new SocketProbe(base)) {
            JsonNode wsReset = ws.ask("{\"type\": \"reset\", \"data\": {\"seed\": 1}}");
            assertEquals("observation", wsReset.path("type").asText(), wsReset.toString());
            assertEquals("What is 1 + 5? Reply with the number only.", wsReset.path("data").path("observation").path("prompt").asText());
            assertFalse(wsReset.path("data").path("done").asBoolean());
            JsonNode wsStep = ws.ask("{\"type\": \"step\", \"data\": {\"message\": \"7\"}}");
            assertEquals("observation", wsStep.path("type").asText(), wsStep.toString());
            assertTrue(wsStep.path("data").path("done").asBoolean());
            assertEquals(0.2, wsStep.path("data").path("reward").asDouble(), 1e-9, "a wrong reply gets only the format part");
            JsonNode wsState = ws.ask("{\"type\": \"state\"}");
            assertEquals("state", wsState.path("type").asText());
            assertEquals(1, wsState.path("data").path("step_count").asInt());
            JsonNode unknown = ws.ask("{\"type\": \"teleport\"}");
            assertEquals("error", unknown.path("type").asText());
            assertEquals("UNKNOWN_TYPE", unknown.path("data").path("code").asText());
            assertEquals("INVALID_JSON", ws.ask("not json").path("data").path("code").asText());
        }
        try (SocketProbe nowhere = new SocketProbe(hub + "/openenv/" + "0".repeat(32))) {
            JsonNode refused = nowhere.next();
            assertEquals("SESSION_ERROR", refused.path("data").path("code").asText(), refused.toString());
            assertTrue(nowhere.closedByServer(), "a socket on no session is closed");
        }

        // at most two open sessions per user
        JsonNode second = JSON.readTree(given().auth().oauth2(alice).post(hub + path.formatted(good)).then().statusCode(201)
                .extract().asString());
        given().auth().oauth2(alice).post(hub + path.formatted(good)).then().statusCode(429)
                .contentType("application/problem+json");

        // the second session's process is killed mid-session: 503, and its slot is free again
        String secondId = second.path("id").asText();
        runner.kill(secondId);
        HttpResponse<String> dead = post(hub + "/openenv/" + secondId + "/reset", "{}");
        assertEquals(503, dead.statusCode(), dead.body());
        assertTrue(dead.body().contains("session-gone"), dead.body());
        assertEquals(404, post(hub + "/openenv/" + secondId + "/reset", "{}").statusCode());
        JsonNode third = JSON.readTree(given().auth().oauth2(alice).post(hub + path.formatted(good)).then().statusCode(201)
                .extract().asString());

        // at most eight resets and steps per user and minute (four were taken above, one by the dead session)
        int status = 200;
        int calls = 0;
        while (status == 200 && calls < 20) {
            status = post(base + "/reset", "{}").statusCode();
            calls++;
        }
        assertEquals(429, status);
        assertTrue(calls <= 9, "refused after " + calls + " more calls (three left in this window, eight if a new one began)");

        HttpResponse<String> closed = HTTP.send(HttpRequest.newBuilder(URI.create(base)).DELETE().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(204, closed.statusCode());
        get(hub + "/openenv/" + started.path("id").asText() + "/health", 404);
        HTTP.send(HttpRequest.newBuilder(URI.create(hub + third.path("baseUrl").asText())).DELETE().build(),
                HttpResponse.BodyHandlers.ofString());

        // only the starts went through the shared address; each session's calls went to the runner holding it
        assertEquals(java.util.Collections.nCopies(3, "POST /internal/v1/sessions"), SessionHubProcess.balancer.seen());
    }

    private static HttpResponse<String> post(String url, String body) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode get(String url) throws Exception {
        return get(url, 200);
    }

    private static JsonNode get(String url, int expected) throws Exception {
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(expected, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    private static void push(String hub, String token, String name, Fixtures fixture, String visibility) throws Exception {
        Path dir = Files.createTempDirectory("session-wheel-");
        Path wheel = fixture.write(dir);
        byte[] bytes = Files.readAllBytes(wheel);
        given().auth().oauth2(token)
                .multiPart("file", wheel.getFileName().toString(), bytes, "application/octet-stream")
                .multiPart("sha256", Sha256.hex(Sha256.digest(bytes)))
                .multiPart("visibility", visibility)
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
