package io.envhub.registry.hubeval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Map;

/**
 * Calls an OpenAI-compatible chat completions endpoint ({@code POST {baseUrl}/chat/completions}) for a hub-run
 * evaluation, from hub-backend (outside the sandbox, which keeps no network). Redirects are not followed (the
 * allowlist holds for the host checked). Every failure is a {@link ModelFailure} with a readable message from which
 * the API key is scrubbed.
 */
@ApplicationScoped
public class ModelClient {
    /** Longest part of an endpoint's error answer quoted in a failure. */
    static final int QUOTE = 300;

    /** The model endpoint failed; the message is readable and holds no key. */
    public static final class ModelFailure extends RuntimeException {
        ModelFailure(String message) {
            super(message, null, false, false);
        }
    }

    private final HubEvalConfig config;
    private final ObjectMapper json;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER).build();

    public ModelClient(HubEvalConfig config, ObjectMapper json) {
        this.config = config;
        this.json = json;
    }

    /**
     * One chat completion.
     *
     * @param base the endpoint's base URL (checked by {@link EndpointGuard})
     * @param key the API key, or null
     * @param messages the conversation so far
     * @return the assistant's message ({@code role}, {@code content}, and {@code tool_calls} when any)
     */
    public ObjectNode complete(URI base, String model, String key, Map<String, Object> sampling, ArrayNode messages) {
        ObjectNode body = json.createObjectNode();
        body.put("model", model);
        body.set("messages", messages);
        if (sampling != null) {
            sampling.forEach((k, v) -> body.set(k, json.valueToTree(v)));
        }
        body.put("n", 1);
        body.put("stream", false);
        URI url = URI.create(base.toString() + "/chat/completions");
        HttpRequest.Builder req = HttpRequest.newBuilder(url).timeout(config.modelTimeout())
                .header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (key != null && !key.isEmpty()) {
            req.header("Authorization", "Bearer " + key);
        }
        String where = EndpointGuard.origin(base);
        HttpResponse<String> r;
        try {
            r = http.send(req.build(), HttpResponse.BodyHandlers.ofString());
        } catch (HttpTimeoutException e) {
            throw new ModelFailure("the model endpoint " + where + " did not answer within " + config.modelTimeout().toSeconds() + " s");
        } catch (java.net.ConnectException e) {
            throw new ModelFailure("could not reach the model endpoint " + where + " (connection refused: is it running?)");
        } catch (IOException e) {
            throw new ModelFailure("could not reach the model endpoint " + where + " ("
                    + scrub(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), key) + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ModelFailure("interrupted while waiting for the model endpoint");
        }
        if (r.statusCode() / 100 != 2) {
            throw new ModelFailure("the model endpoint " + where + " answered HTTP " + r.statusCode() + detail(r.body(), key));
        }
        JsonNode answer;
        try {
            answer = json.readTree(r.body());
        } catch (IOException e) {
            throw new ModelFailure("the model endpoint " + where + " answered something other than JSON");
        }
        JsonNode message = answer.path("choices").path(0).path("message");
        if (!message.isObject() || !(message.path("content").isTextual() || message.path("tool_calls").isArray())) {
            throw new ModelFailure("the model endpoint " + where + " answered without choices[0].message.content");
        }
        ObjectNode out = json.createObjectNode();
        out.put("role", "assistant");
        out.put("content", message.path("content").asText(""));
        if (message.path("tool_calls").isArray() && !message.path("tool_calls").isEmpty()) {
            out.set("tool_calls", message.get("tool_calls"));
        }
        return out;
    }

    /** ": <the endpoint's error message>" (its error.message when JSON, else the start of the body), without the key. */
    private String detail(String body, String key) {
        if (body == null || body.isBlank()) {
            return "";
        }
        String text = body;
        try {
            JsonNode n = json.readTree(body);
            if (n.path("error").path("message").isTextual()) {
                text = n.path("error").path("message").asText();
            } else if (n.path("error").isTextual()) {
                text = n.path("error").asText();
            } else if (n.path("detail").isTextual()) {
                text = n.path("detail").asText();
            }
        } catch (IOException e) {
            // plain text
        }
        text = scrub(text.replaceAll("\\s+", " ").strip(), key);
        return ": " + (text.length() > QUOTE ? text.substring(0, QUOTE) + "…" : text);
    }

    /** Removes the key (and any longer run of it) from a message shown to the user. */
    static String scrub(String text, String key) {
        if (text == null || key == null || key.length() < 4) {
            return text;
        }
        String out = text.replace(key, "[api key]");
        // a prefix of it, as endpoints quote a truncated key ("sk-abc...xyz")
        int keep = Math.min(8, key.length() / 2);
        return keep >= 4 ? out.replace(key.substring(0, keep), "[api key]") : out;
    }
}
