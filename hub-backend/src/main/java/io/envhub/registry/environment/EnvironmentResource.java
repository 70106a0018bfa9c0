package io.envhub.registry.environment;

import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.Readme;
import io.envhub.registry.environment.EnvironmentViews.SettingsPatch;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/environments/{owner}/{name}}: an environment's page data, README and settings. */
@Path("/api/v1/environments/{owner}/{name}")
@Produces(MediaType.APPLICATION_JSON)
public class EnvironmentResource {
    private final EnvironmentService environments;

    public EnvironmentResource(EnvironmentService environments) {
        this.environments = environments;
    }

    @GET
    @Operation(summary = "An environment", description = "The name may be given in any PEP 503 spelling (Reverse_Text).")
    public EnvironmentDetail get(@PathParam("owner") String owner, @PathParam("name") String name) {
        return environments.detail(owner, name);
    }

    @GET
    @Path("/readme")
    @Operation(summary = "The environment's README", description = "{contentType, text} as published.")
    public Readme readme(@PathParam("owner") String owner, @PathParam("name") String name) {
        return environments.readme(owner, name);
    }

    @PATCH
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change settings", description = "summary, visibility (public|private) and tags (at most 20, "
            + "each [a-z0-9][a-z0-9-]{0,49}); fields left out stay as they are. Owners and maintainers only.")
    public EnvironmentDetail update(@PathParam("owner") String owner, @PathParam("name") String name, SettingsPatch patch) {
        return environments.update(owner, name, patch);
    }
}
