package io.envhub.registry.moderation;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Admin actions on an evaluation run ({@code /api/v1/admin/environments/{owner}/{name}/evals/{id}}); 404 for non-admins. */
@Path("/api/v1/admin/environments/{owner}/{name}/evals/{id: [0-9]{1,18}}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class EvalRunModerationResource {
    private final EvalRunModeration moderation;

    public EvalRunModerationResource(EvalRunModeration moderation) {
        this.moderation = moderation;
    }

    @POST
    @Path("hide")
    @Operation(summary = "Hide a run from the leaderboards", description = "Out of every list of runs (per version, "
            + "environment and model); its page says it is hidden and why. Reason mandatory; audited; reversible.")
    public EvalRunModeration.RunState hide(@PathParam("owner") String owner, @PathParam("name") String name,
                                           @PathParam("id") long id, ModerationResource.ReasonBody body) {
        return moderation.hide(owner, name, id, body == null ? null : body.reason());
    }

    @DELETE
    @Path("hide")
    @Operation(summary = "Show a hidden run in the leaderboards again")
    public EvalRunModeration.RunState unhide(@PathParam("owner") String owner, @PathParam("name") String name,
                                             @PathParam("id") long id, ModerationResource.ReasonBody body) {
        return moderation.unhide(owner, name, id, body == null ? null : body.reason());
    }

    @DELETE
    @Operation(summary = "Delete a run", description = "With its stored files when no other run shares them. Reason "
            + "mandatory; audited.")
    public void delete(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id,
                       ModerationResource.ReasonBody body) {
        moderation.delete(owner, name, id, body == null ? null : body.reason());
    }
}
