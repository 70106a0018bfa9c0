package io.envhub.registry.collection;

import io.envhub.registry.collection.CollectionViews.Collection;
import io.envhub.registry.collection.CollectionViews.CollectionBody;
import io.envhub.registry.collection.CollectionViews.ItemBody;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/collections}: named, ordered lists of environments with a note per item. */
@Path("/api/v1/collections")
@Produces(MediaType.APPLICATION_JSON)
public class CollectionResource {
    private final CollectionService collections;

    public CollectionResource(CollectionService collections) {
        this.collections = collections;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Create a collection", description = "{\"title\",\"description\",\"visibility\":\"public\"|\"private\"}.")
    public Response create(CollectionBody body) {
        return Response.status(Response.Status.CREATED).entity(collections.create(body)).build();
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A collection", description = "Its items in order, those the caller may see; private: 404 to others.")
    public Collection get(@PathParam("id") long id) {
        return collections.get(id);
    }

    @PATCH
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Collection update(@PathParam("id") long id, CollectionBody body) {
        return collections.update(id, body);
    }

    @DELETE
    @Path("/{id}")
    public Response delete(@PathParam("id") long id) {
        collections.delete(id);
        return Response.noContent().build();
    }

    @POST
    @Path("/{id}/items")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Add an environment", description = "{\"environment\":\"owner/name\",\"note\",\"position\"}; 409 "
            + "already-in-collection.")
    public Response add(@PathParam("id") long id, ItemBody body) {
        return Response.status(Response.Status.CREATED).entity(collections.add(id, body)).build();
    }

    @PATCH
    @Path("/{id}/items/{owner}/{name}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Change an item", description = "{\"note\",\"position\"}.")
    public Collection updateItem(@PathParam("id") long id, @PathParam("owner") String owner, @PathParam("name") String name,
                                 ItemBody body) {
        return collections.updateItem(id, owner, name, body);
    }

    @DELETE
    @Path("/{id}/items/{owner}/{name}")
    public Collection remove(@PathParam("id") long id, @PathParam("owner") String owner, @PathParam("name") String name) {
        return collections.remove(id, owner, name);
    }
}
