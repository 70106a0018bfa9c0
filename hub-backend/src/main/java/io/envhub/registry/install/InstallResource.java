package io.envhub.registry.install;

import io.envhub.contract.api.HubInstall;
import io.envhub.kit.error.ApiException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The environments-hub lookup verifiers' {@code vf-install owner/name[@version]} speaks: point its hub URL at
 * {@code <hub>/api/v1/environmentshub} and it installs from this hub's package index.
 */
@Path("/api/v1/environmentshub/{owner}/{name}")
public class InstallResource {
    private final InstallService installs;

    public InstallResource(InstallService installs) {
        this.installs = installs;
    }

    @GET
    @Path("/{version}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "How to install a version (vf-install's hub lookup)",
            description = "{\"data\": {simple_index_url, wheel_url, visibility (PUBLIC|PRIVATE), version, filename, sha256, "
                    + "yanked, package_name, owner, name}}. `@latest` resolves to what pip would install from the index now "
                    + "(newest validated, non-yanked, non-quarantined). 404 for what the caller may not see and for versions the "
                    + "index does not serve (not validated); 451 for a quarantined version; gated environments need access.")
    public Response resolve(@PathParam("owner") String owner, @PathParam("name") String name,
                            @PathParam("version") String version) {
        // one segment "@{version}" (a literal '@' before a template does not match in the router, so it is checked here)
        if (!version.startsWith("@") || version.length() == 1) {
            throw new ApiException.NotFound("Use " + owner + "/" + name + "/@{version} or /@latest.");
        }
        HubInstall answer = installs.resolve(owner, name, version.substring(1));
        return Response.ok(answer).header("Cache-Control", "private, no-cache").build();
    }
}
