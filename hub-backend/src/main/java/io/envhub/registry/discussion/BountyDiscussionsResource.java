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

/** {@code /api/v1/bounties/{id}/discussions} (on hub-backend): a public bounty's community threads. */
@Path("/api/v1/bounties/{id}/discussions")
@Produces(MediaType.APPLICATION_JSON)
public class BountyDiscussionsResource {
    private final DiscussionService discussions;

    public BountyDiscussionsResource(DiscussionService discussions) {
        this.discussions = discussions;
    }

    @GET
    @Operation(summary = "A bounty's discussions", description = "Pinned first, then by last activity; state=open, closed, all.")
    public List<Discussion> list(@PathParam("id") long id, @QueryParam("state") String state) {
        return discussions.ofBounty(id, state);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Open a discussion on a bounty", description = "{\"title\",\"body\"}; bounty-service confirms the "
            + "bounty is public and names its sponsor, who moderates the thread.")
    public Response open(@PathParam("id") long id, NewDiscussion body) {
        return Response.status(Response.Status.CREATED).entity(discussions.openOnBounty(id, body)).build();
    }
}
