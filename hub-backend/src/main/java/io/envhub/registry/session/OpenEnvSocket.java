package io.envhub.registry.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.kit.error.ApiException;
import io.quarkus.websockets.next.OnOpen;
import io.quarkus.websockets.next.OnTextMessage;
import io.quarkus.websockets.next.WebSocket;
import io.quarkus.websockets.next.WebSocketConnection;
import io.smallrye.common.annotation.Blocking;

/**
 * OpenEnv's WebSocket protocol under a session's base URL ({@code /openenv/{id}/ws}), the transport OpenEnv's own
 * {@code EnvClient} speaks: the client sends {@code {"type": "reset", "data": {seed, episode_id}}},
 * {@code {"type": "step", "data": <action>}}, {@code {"type": "state"}} or {@code {"type": "close"}}; each answer is
 * {@code {"type": "observation", "data": {observation, reward, done}}}, {@code {"type": "state", "data": {...}}} or
 * {@code {"type": "error", "data": {message, code}}} with OpenEnv's error codes. The same session as the HTTP routes
 * (limits, idle end, metrics): closing the socket does not end it, {@code DELETE} on the base URL does.
 */
@WebSocket(path = "/openenv/{id}/ws")
public class OpenEnvSocket {

    private final SessionService sessions;
    private final ObjectMapper json;

    public OpenEnvSocket(SessionService sessions, ObjectMapper json) {
        this.sessions = sessions;
        this.json = json;
    }

    @OnOpen
    @Blocking
    public void open(WebSocketConnection connection) {
        try {
            sessions.requireOpen(connection.pathParam("id"));
        } catch (ApiException e) {
            connection.sendTextAndAwait(error(e.getMessage(), "SESSION_ERROR"));
            connection.closeAndAwait();
        }
    }

    @OnTextMessage
    @Blocking
    public String message(String text, WebSocketConnection connection) {
        String id = connection.pathParam("id");
        JsonNode message;
        try {
            message = json.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            return error("Invalid JSON: " + e.getOriginalMessage(), "INVALID_JSON");
        }
        String type = message.path("type").asText("");
        JsonNode data = message.path("data");
        try {
            return switch (type) {
                case "reset" -> answer("observation", sessions.call(id, "reset", data.isObject() ? data.toString() : "{}"));
                case "step" -> data.isObject()
                        ? answer("observation", sessions.call(id, "step", json.createObjectNode().set("action", data).toString()))
                        : error("A step needs the action as an object in \"data\".", "VALIDATION_ERROR");
                case "state" -> answer("state", sessions.call(id, "state", null));
                case "close" -> {
                    connection.closeAndAwait();
                    yield null;
                }
                default -> error("Unknown message type: " + type, "UNKNOWN_TYPE");
            };
        } catch (ApiException.TooManyRequests e) {
            return error(e.getMessage(), "CAPACITY_REACHED");
        } catch (ApiException.NotFound | ApiException.Unavailable e) {
            return error(e.getMessage(), "SESSION_ERROR");
        } catch (ApiException e) {
            return error(e.getMessage(), "EXECUTION_ERROR");
        }
    }

    private String answer(String type, JsonNode data) {
        ObjectNode out = json.createObjectNode().put("type", type);
        out.set("data", data == null ? json.createObjectNode() : data);
        return out.toString();
    }

    private String error(String message, String code) {
        ObjectNode out = json.createObjectNode().put("type", "error");
        out.putObject("data").put("message", message).put("code", code);
        return out.toString();
    }
}
