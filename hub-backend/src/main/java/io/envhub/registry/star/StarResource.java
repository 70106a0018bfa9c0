package io.envhub.registry.star;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/environments/{owner}/{name}/star}: the signed-in caller's star. */
@Path("/api/v1/environments/{owner}/{name}/star")
public class StarResource {
    private final StarService stars;

    public StarResource(StarService stars) {
        this.stars = stars;
    }

    @PUT
    @Operation(summary = "Star", description = "Idempotent; 204. Signed-in users only.")
    public void star(@PathParam("owner") String owner, @PathParam("name") String name) {
        stars.star(owner, name);
    }

    @DELETE
    @Operation(summary = "Remove the star", description = "Idempotent; 204. Signed-in users only.")
    public void unstar(@PathParam("owner") String owner, @PathParam("name") String name) {
        stars.unstar(owner, name);
    }
}
