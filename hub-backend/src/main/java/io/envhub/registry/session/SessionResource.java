package io.envhub.registry.session;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Starts a hosted session of a version (signed in): {@code {"id", "baseUrl": "/openenv/{id}", "expiresAt"}}. */
@Path("/api/v1/environments/{owner}/{name}/versions/{version}/sessions")
@Produces(MediaType.APPLICATION_JSON)
public class SessionResource {

    private final SessionService sessions;

    public SessionResource(SessionService sessions) {
        this.sessions = sessions;
    }

    @POST
    public Response start(@PathParam("owner") String owner, @PathParam("name") String name,
                          @PathParam("version") String version) {
        return Response.status(201).entity(sessions.start(owner, name, version)).build();
    }
}
