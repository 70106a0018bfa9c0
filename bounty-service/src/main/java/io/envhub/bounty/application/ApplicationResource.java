package io.envhub.bounty.application;

import io.envhub.bounty.access.Callers;
import io.envhub.bounty.application.ApplicationViews.ApplicationView;
import io.envhub.bounty.application.ApplicationViews.ApplyRequest;
import io.envhub.bounty.application.ApplicationViews.DecisionRequest;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/bounties/{id}/applications}: applying to application-only bounties and deciding applications. */
@Path("/api/v1/bounties/{id: \\d+}/applications")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ApplicationResource {
    private final ApplicationService applications;
    private final Callers callers;

    public ApplicationResource(ApplicationService applications, Callers callers) {
        this.applications = applications;
        this.callers = callers;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Apply with a proposal", description = "Contributors, application-only bounties that are open, before "
            + "the deadline; not the sponsor (403 self-dealing); one live application each (409 already-applied). 201.")
    public Response apply(@PathParam("id") long id, ApplyRequest body) {
        ApplicationView a = applications.apply(id, body == null ? null : body.proposal(), callers.actor());
        return Response.created(URI.create("/api/v1/bounties/" + id + "/applications/" + a.id())).entity(a).build();
    }

    @GET
    @Operation(summary = "A bounty's applications", description = "The sponsor and admins only, with the proposals.")
    public List<ApplicationView> list(@PathParam("id") long id) {
        return applications.list(id, callers.actor());
    }

    @POST
    @Path("/{appId}/decision")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Accept or reject an application", description = "The sponsor or an admin, never the applicant; "
            + "{\"decision\":\"accept\"|\"reject\",\"comment\":\"...\"}; 409 unless pending.")
    public ApplicationView decide(@PathParam("id") long id, @PathParam("appId") long appId, DecisionRequest body) {
        return applications.decide(id, appId, body == null ? null : body.decision(), body == null ? null : body.comment(), callers.actor());
    }

    @POST
    @Path("/{appId}/withdraw")
    @Operation(summary = "Withdraw an application", description = "The applicant; pending or accepted applications.")
    public ApplicationView withdraw(@PathParam("id") long id, @PathParam("appId") long appId) {
        return applications.withdraw(id, appId, callers.actor());
    }
}
