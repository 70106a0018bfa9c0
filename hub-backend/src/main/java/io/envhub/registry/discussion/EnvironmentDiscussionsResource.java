package io.envhub.registry.discussion;

import io.envhub.registry.discussion.DiscussionViews.Discussion;
import io.envhub.registry.discussion.DiscussionViews.NewDiscussion;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/environments/{owner}/{name}/discussions}: an environment's community threads. */
@Path("/api/v1/environments/{owner}/{name}/discussions")
@Produces(MediaType.APPLICATION_JSON)
public class EnvironmentDiscussionsResource {
    private final DiscussionService discussions;

    public EnvironmentDiscussionsResource(DiscussionService discussions) {
        this.discussions = discussions;
    }

    @GET
    @Operation(summary = "An environment's discussions", description = "Pinned first, then by last activity; state=open "
            + "(default), closed or all. Readable by everyone who may read the environment, signed out too.")
    public List<Discussion> list(@PathParam("owner") String owner, @PathParam("name") String name,
                                 @QueryParam("state") String state) {
        return discussions.ofEnvironment(owner, name, state);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Open a discussion", description = "{\"title\",\"body\"} (Markdown): 201 with the thread.")
    public Response open(@PathParam("owner") String owner, @PathParam("name") String name, NewDiscussion body) {
        return Response.status(Response.Status.CREATED).entity(discussions.openOnEnvironment(owner, name, body)).build();
    }
}
