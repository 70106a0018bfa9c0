package io.envhub.registry.diff;

import io.envhub.contract.api.VersionDiff;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code GET /api/v1/environments/{owner}/{name}/diff/{from}...{to}}: what changed between two versions. */
@Path("/api/v1/environments/{owner}/{name}/diff/{range}")
public class VersionDiffResource {
    private final VersionDiffService diffs;

    public VersionDiffResource(VersionDiffService diffs) {
        this.diffs = diffs;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Compare two versions", description = "{range} is FROM...TO (e.g. 0.1.0...0.2.0). Files added, "
            + "removed and changed (sizes; a unified diff of text files up to 256 KiB, capped at 2,000 lines; binary, large "
            + "and generated files summarised), the README (METADATA description), dependency and metadata changes, and the "
            + "validation changes (verdict, trust flags raised and cleared, checks whose status changed). 404 for an "
            + "unknown or private environment or version, 400 invalid-range.")
    public VersionDiff diff(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("range") String range) {
        return diffs.diff(owner, name, range);
    }
}
