package io.envhub.registry.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Calls a validator's session runner ({@code /internal/v1/sessions}, shared secret in {@code X-EnvHub-Runner-Secret})
 * and maps its refusals to the hub's: 404 (unknown there) and 503 {@code session-gone} end the session, 400 is the
 * environment refusing a request, 409 a package that cannot run.
 */
@ApplicationScoped
public class RunnerClient {

    /** The session is over on the runner (its process died, or the runner no longer knows it). */
    public static final class SessionEnded extends RuntimeException {
        final int status;

        SessionEnded(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    static final String SECRET_HEADER = "X-EnvHub-Runner-Secret";

    private final SessionConfig config;
    private final ObjectMapper json;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public RunnerClient(SessionConfig config, ObjectMapper json) {
        this.config = config;
        this.json = json;
    }

    /**
     * Starts a session on a runner.
     *
     * @return the address later calls of this session go to: the runner's own (advertised) URL when it names one,
     *     which it does when runners share one load-balanced address, else {@code runner}
     */
    String start(String runner, String id, String wheelUrl, String owner) {
        String body = json.createObjectNode().put("id", id).put("wheelUrl", wheelUrl).put("owner", owner).toString();
        JsonNode answer = send(runner, "", "POST", body, config.startTimeout());
        String advertised = answer == null ? "" : answer.path("runnerUrl").asText("");
        return advertised.matches("https?://[^\\s/]+(/\\S*)?") ? advertised : runner;
    }

    JsonNode call(String runner, String id, String op, String body) {
        String method = "state".equals(op) ? "GET" : "POST";
        return send(runner, "/" + id + "/" + op, method, body, config.stepTimeout());
    }

    void close(String runner, String id) {
        try {
            send(runner, "/" + id, "DELETE", null, Duration.ofSeconds(10));
        } catch (RuntimeException ignored) {
            // the runner reaps it anyway
        }
    }

    private JsonNode send(String runner, String path, String method, String body, Duration timeout) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(runner.replaceAll("/+$", "") + "/internal/v1/sessions" + path))
                .timeout(timeout).header(SECRET_HEADER, config.runnerSecret()).header("Content-Type", "application/json")
                .header("Accept", "application/json");
        b.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> r;
        try {
            r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new ApiException.Unavailable(ProblemCode.SESSION_RUNNER_UNAVAILABLE,
                    "The session runner could not be reached; try again later.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException.Unavailable(ProblemCode.SESSION_RUNNER_UNAVAILABLE, "Interrupted.");
        }
        int s = r.statusCode();
        if (s == 204) {
            return json.createObjectNode();
        }
        JsonNode answer;
        try {
            answer = json.readTree(r.body().isEmpty() ? "{}" : r.body());
        } catch (IOException e) {
            answer = json.createObjectNode();
        }
        if (s >= 200 && s < 300) {
            return answer;
        }
        String detail = answer.path("detail").asText("the session runner answered " + s);
        switch (s) {
            case 400 -> throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, detail);
            case 409 -> throw new ApiException.Conflict(ProblemCode.SESSION_NOT_STARTABLE, detail);
            case 404 -> throw new SessionEnded(404, "The session is over (closed or idle too long).");
            case 503 -> {
                if (answer.path("type").asText().endsWith(ProblemCode.SESSION_GONE.code())) {
                    throw new SessionEnded(503, detail);
                }
                throw new ApiException.Unavailable(ProblemCode.SESSION_RUNNER_UNAVAILABLE, detail);
            }
            default -> throw new ApiException.Unavailable(ProblemCode.SESSION_RUNNER_UNAVAILABLE,
                    "The session runner failed (HTTP " + s + ").");
        }
    }
}
