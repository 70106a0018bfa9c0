package io.envhub.registry.gate;

import io.envhub.registry.gate.GateViews.AccessRequest;
import io.envhub.registry.gate.GateViews.DecisionBody;
import io.envhub.registry.gate.GateViews.GateState;
import io.envhub.registry.gate.GateViews.RequestBody;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Gated access: the gate as the caller sees it, access requests and the owner's decisions. */
@Path("/api/v1/environments/{owner}/{name}")
@Produces(MediaType.APPLICATION_JSON)
public class GateResource {
    private final GateService gates;

    public GateResource(GateService gates) {
        this.gates = gates;
    }

    @GET
    @Path("/gate")
    @Operation(summary = "The gate", description = "gated (auto|manual|null), the terms and their version, and the caller's "
            + "access: granted, pending, rejected, none, sign-in or owner. Gate it with PATCH of the settings: "
            + "{\"gated\":\"auto\"|\"manual\"|null,\"gateTerms\":\"...\"}.")
    public GateState gate(@PathParam("owner") String owner, @PathParam("name") String name) {
        return gates.state(owner, name);
    }

    @POST
    @Path("/access-requests")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Request access", description = "{\"acceptTerms\":true,\"message\":\"...\"}: on an auto gate access "
            + "is granted at once; on a manual one the request waits for the owner.")
    public AccessRequest request(@PathParam("owner") String owner, @PathParam("name") String name, RequestBody body) {
        return gates.request(owner, name, body);
    }

    @GET
    @Path("/access-requests")
    @Operation(summary = "Access requests", description = "For those who manage the environment; state= filters.")
    public List<AccessRequest> list(@PathParam("owner") String owner, @PathParam("name") String name,
                                    @QueryParam("state") String state) {
        return gates.list(owner, name, state);
    }

    @POST
    @Path("/access-requests/{id}/decision")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Decide a request", description = "{\"decision\":\"grant\"|\"reject\",\"note\":\"...\"}; rejecting a "
            + "granted request revokes the access.")
    public AccessRequest decide(@PathParam("owner") String owner, @PathParam("name") String name, @PathParam("id") long id,
                                DecisionBody body) {
        return gates.decide(owner, name, id, body);
    }
}
