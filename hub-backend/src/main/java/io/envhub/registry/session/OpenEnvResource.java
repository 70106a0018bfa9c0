package io.envhub.registry.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/**
 * OpenEnv's HTTP shape under a session's base URL, so OpenEnv's HTTP clients work unchanged: {@code POST /reset}
 * (optional {@code seed}, {@code episode_id}) and {@code POST /step} ({@code {"action": {"message": ...}}} or
 * {@code {"action": {"messages": [...]}}}) answer {@code {"observation", "reward", "done"}}; {@code GET /state},
 * {@code GET /health}, {@code GET /schema}. The session id is the capability (no token needed); {@code DELETE} closes it.
 */
@Path("/openenv/{id}")
@Produces(MediaType.APPLICATION_JSON)
public class OpenEnvResource {

    private final SessionService sessions;
    private final ObjectMapper json;

    public OpenEnvResource(SessionService sessions, ObjectMapper json) {
        this.sessions = sessions;
        this.json = json;
    }

    @POST
    @Path("reset")
    @Consumes({MediaType.APPLICATION_JSON, MediaType.WILDCARD})
    public JsonNode reset(@PathParam("id") String id, String body) {
        return sessions.call(id, "reset", body == null || body.isBlank() ? "{}" : body);
    }

    @POST
    @Path("step")
    @Consumes({MediaType.APPLICATION_JSON, MediaType.WILDCARD})
    public JsonNode step(@PathParam("id") String id, String body) {
        return sessions.call(id, "step", body == null || body.isBlank() ? "{}" : body);
    }

    @GET
    @Path("state")
    public JsonNode state(@PathParam("id") String id) {
        return sessions.call(id, "state", null);
    }

    @GET
    @Path("health")
    public Map<String, String> health(@PathParam("id") String id) {
        sessions.requireOpen(id);
        return Map.of("status", "healthy");
    }

    @GET
    @Path("schema")
    public JsonNode schema(@PathParam("id") String id) {
        sessions.requireOpen(id);
        return SCHEMA.get(json);
    }

    @DELETE
    public Response close(@PathParam("id") String id) {
        sessions.close(id);
        return Response.noContent().build();
    }

    /** The action, observation and state schemas every hosted session shares (openenv-schema.json beside this class). */
    private static final class SCHEMA {
        static JsonNode get(ObjectMapper json) {
            try (java.io.InputStream in = OpenEnvResource.class.getResourceAsStream("openenv-schema.json")) {
                return json.readTree(in);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}
