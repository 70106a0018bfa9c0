package io.envhub.registry.moderation;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Admin actions on environments and versions ({@code /api/v1/admin/environments/...}); 404 for non-admins. */
@Path("/api/v1/admin/environments/{owner}/{name}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class ModerationResource {
    private final ModerationService moderation;

    public ModerationResource(ModerationService moderation) {
        this.moderation = moderation;
    }

    /** Body of an action: the reason (mandatory for quarantine, unlist and status overrides). */
    public record ReasonBody(String reason) {
    }

    /** Body of a status override. */
    public record OverrideBody(String status, String reason) {
    }

    @POST
    @Path("versions/{version}/quarantine")
    @Operation(summary = "Quarantine a version", description = "Out of the index; downloads answer 451 with the reason.")
    public ModerationService.VersionState quarantine(@PathParam("owner") String owner, @PathParam("name") String name,
                                                     @PathParam("version") String version, ReasonBody body) {
        return moderation.quarantine(owner, name, version, body == null ? null : body.reason());
    }

    @DELETE
    @Path("versions/{version}/quarantine")
    @Operation(summary = "Lift a version's quarantine")
    public ModerationService.VersionState lift(@PathParam("owner") String owner, @PathParam("name") String name,
                                               @PathParam("version") String version, ReasonBody body) {
        return moderation.lift(owner, name, version, body == null ? null : body.reason());
    }

    @POST
    @Path("versions/{version}/revalidate")
    @Operation(summary = "Re-run a version's validation")
    public ModerationService.VersionState revalidate(@PathParam("owner") String owner, @PathParam("name") String name,
                                                     @PathParam("version") String version, ReasonBody body) {
        return moderation.revalidate(owner, name, version, body == null ? null : body.reason());
    }

    @POST
    @Path("versions/{version}/status")
    @Operation(summary = "Override a version's validation status", description = "status: validated or failed; reason mandatory.")
    public ModerationService.VersionState override(@PathParam("owner") String owner, @PathParam("name") String name,
                                                   @PathParam("version") String version, OverrideBody body) {
        return moderation.overrideStatus(owner, name, version, body == null ? null : body.status(),
                body == null ? null : body.reason());
    }

    @POST
    @Path("unlist")
    @Operation(summary = "Unlist an environment", description = "Out of search, home and the index; its page shows a notice.")
    public ModerationService.ListingState unlist(@PathParam("owner") String owner, @PathParam("name") String name,
                                                 ReasonBody body) {
        return moderation.unlist(owner, name, body == null ? null : body.reason());
    }

    @POST
    @Path("relist")
    @Operation(summary = "Relist an environment")
    public ModerationService.ListingState relist(@PathParam("owner") String owner, @PathParam("name") String name,
                                                 ReasonBody body) {
        return moderation.relist(owner, name, body == null ? null : body.reason());
    }
}
