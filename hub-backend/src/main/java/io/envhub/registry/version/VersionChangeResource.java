package io.envhub.registry.version;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Yank, unyank and delete one version ({@code /api/v1/environments/{owner}/{name}/versions/{version}...}). */
@Path("/api/v1/environments/{owner}/{name}/versions/{version}")
@Produces(MediaType.APPLICATION_JSON)
public class VersionChangeResource {
    private final VersionChangeService versions;

    public VersionChangeResource(VersionChangeService versions) {
        this.versions = versions;
    }

    /** Body of a yank. */
    public record YankRequest(String reason) {
    }

    @POST
    @Path("yank")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Yank a version", description = "Hides it from resolution (pip skips it unless pinned); needs a reason.")
    public VersionChangeService.YankState yank(@PathParam("owner") String owner, @PathParam("name") String name,
                                               @PathParam("version") String version, YankRequest request) {
        return versions.yank(owner, name, version, request == null ? null : request.reason());
    }

    @POST
    @Path("unyank")
    @Operation(summary = "Unyank a version")
    public VersionChangeService.YankState unyank(@PathParam("owner") String owner, @PathParam("name") String name,
                                                 @PathParam("version") String version) {
        return versions.unyank(owner, name, version);
    }

    @DELETE
    @Operation(summary = "Delete a version", description = "Its file name and version number can never be used again.")
    public void delete(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("version") String version) {
        versions.delete(owner, name, version);
    }
}
