package io.envhub.registry.collection;

import io.envhub.registry.collection.CollectionViews.Collection;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/users/{user}/collections}: a user's collections (their private ones only for themselves). */
@Path("/api/v1/users/{user}/collections")
@Produces(MediaType.APPLICATION_JSON)
public class UserCollectionsResource {
    private final CollectionService collections;

    public UserCollectionsResource(CollectionService collections) {
        this.collections = collections;
    }

    @GET
    @Operation(summary = "A user's collections", description = "Public ones; the user also sees their private ones.")
    public List<Collection> list(@PathParam("user") String user) {
        return collections.of(user);
    }
}
