package io.envhub.registry.trustedpublishing;

import io.envhub.contract.api.TrustedPublisher;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/environments/{owner}/{name}/trusted-publishers}: the CI identities that may publish an environment. */
@Path("/api/v1/environments/{owner}/{name}/trusted-publishers")
@Produces(MediaType.APPLICATION_JSON)
public class TrustedPublisherResource {
    private final TrustedPublishingService service;

    public TrustedPublisherResource(TrustedPublishingService service) {
        this.service = service;
    }

    @GET
    @Operation(summary = "List trusted publishers", description = "For those who may manage the environment.")
    public List<TrustedPublisher> list(@PathParam("owner") String owner, @PathParam("name") String name) {
        return service.list(owner, name);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Register a trusted publisher", description = "{issuer (a trusted one), audience (default: the "
            + "hub's), claims: {name: exact value, ...} (at least one, e.g. repository and ref)}. 201; 400 invalid-issuer, "
            + "invalid-claims; 409 when registered already.")
    public Response register(@PathParam("owner") String owner, @PathParam("name") String name,
                             TrustedPublisher.Registration registration) {
        return Response.status(Response.Status.CREATED).entity(service.register(owner, name, registration)).build();
    }

    @DELETE
    @Path("{id}")
    @Operation(summary = "Remove a trusted publisher", description = "Tokens it minted keep working until they expire.")
    public Response remove(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id) {
        service.remove(owner, name, id);
        return Response.noContent().build();
    }
}
