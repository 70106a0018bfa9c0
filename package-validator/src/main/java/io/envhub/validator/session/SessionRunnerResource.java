package io.envhub.validator.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The session runner's internal API, called by hub-backend only (header {@code X-EnvHub-Runner-Secret}, the shared
 * secret ENVHUB_SESSION_RUNNER_SECRET): start a session from a wheel URL, then OpenEnv-shaped reset, step and state.
 * Answers are the environment's own JSON ({@code observation}, {@code reward}, {@code done}); a request the
 * environment refuses is a 422 problem, a dead process a 503 {@code session-gone}.
 */
@Path("/internal/v1/sessions")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class SessionRunnerResource {

    /** The header that carries the shared secret. */
    public static final String SECRET_HEADER = "X-EnvHub-Runner-Secret";

    private final SessionRunner runner;
    private final SessionConfig config;
    private final ObjectMapper json;

    public SessionRunnerResource(SessionRunner runner, SessionConfig config, ObjectMapper json) {
        this.runner = runner;
        this.config = config;
        this.json = json;
    }

    /** Body of a start: the session id hub-backend chose, a presigned wheel URL and the owner. */
    public record Start(String id, String wheelUrl, String owner) {
    }

    @POST
    public Response start(@HeaderParam(SECRET_HEADER) String secret, Start body) {
        authorize(secret);
        if (body == null || body.id() == null || !body.id().matches("[A-Za-z0-9_-]{8,64}") || body.wheelUrl() == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "id and wheelUrl are required");
        }
        runner.open(body.id(), body.wheelUrl(), body.owner());
        ObjectNode started = json.createObjectNode().put("id", body.id());
        config.advertiseUrl().ifPresent(url -> started.put("runnerUrl", url));
        return Response.status(201).entity(started).build();
    }

    @POST
    @Path("{id}/reset")
    public JsonNode reset(@HeaderParam(SECRET_HEADER) String secret, @PathParam("id") String id, JsonNode body) {
        authorize(secret);
        ObjectNode req = json.createObjectNode().put("op", "reset");
        if (body != null && body.hasNonNull("seed")) {
            if (!body.get("seed").canConvertToInt() && !body.get("seed").isIntegralNumber()) {
                throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "seed must be an integer");
            }
            req.put("seed", body.get("seed").asLong());
        }
        if (body != null && body.hasNonNull("episode_id")) {
            req.put("episode_id", body.get("episode_id").asText());
        }
        return answer(runner.call(id, req));
    }

    @POST
    @Path("{id}/step")
    public JsonNode step(@HeaderParam(SECRET_HEADER) String secret, @PathParam("id") String id, JsonNode body) {
        authorize(secret);
        if (body == null || !body.path("action").isObject()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "the body must be {\"action\": {\"message\": ...}}");
        }
        ObjectNode req = json.createObjectNode().put("op", "step");
        req.set("action", body.get("action"));
        return answer(runner.call(id, req));
    }

    @GET
    @Path("{id}/state")
    public JsonNode state(@HeaderParam(SECRET_HEADER) String secret, @PathParam("id") String id) {
        authorize(secret);
        return answer(runner.call(id, json.createObjectNode().put("op", "state")));
    }

    @DELETE
    @Path("{id}")
    public Response close(@HeaderParam(SECRET_HEADER) String secret, @PathParam("id") String id) {
        authorize(secret);
        runner.close(id);
        return Response.noContent().build();
    }

    private static JsonNode answer(JsonNode reply) {
        if (reply.hasNonNull("error")) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, reply.get("error").asText());
        }
        return reply;
    }

    private void authorize(String secret) {
        byte[] given = secret == null ? new byte[0] : secret.getBytes(StandardCharsets.UTF_8);
        if (!MessageDigest.isEqual(given, config.runnerSecret().getBytes(StandardCharsets.UTF_8))) {
            throw new ApiException.Forbidden("only hub-backend may call the session runner");
        }
    }
}
