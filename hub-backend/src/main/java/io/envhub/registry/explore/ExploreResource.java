package io.envhub.registry.explore;

import io.envhub.contract.api.Explore;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code GET /api/v1/explore}: the home page's counts and lists; public environments only, whoever asks. */
@Path("/api/v1/explore")
public class ExploreResource {
    private final ExploreService explore;

    public ExploreResource(ExploreService explore) {
        this.explore = explore;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Home page: counts, trending, recently updated, newest validated",
            description = "Public environments only, the same answer for every caller (anonymous works). Lists have "
                    + ExploreService.ITEMS + " items. Served from a short in-memory cache (envhub.explore.cache-ttl, "
                    + "default 5 s), so new data can take that long to appear.")
    public Explore explore() {
        return explore.explore();
    }
}
