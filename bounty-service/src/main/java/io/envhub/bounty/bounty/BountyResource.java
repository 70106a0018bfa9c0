package io.envhub.bounty.bounty;

import io.envhub.bounty.access.Callers;
import io.envhub.bounty.audit.AuditEntry;
import io.envhub.bounty.audit.AuditLog;
import io.envhub.bounty.bounty.BountyViews.BountyDetail;
import io.envhub.bounty.bounty.BountyViews.BountyPage;
import io.envhub.bounty.bounty.BountyViews.BountyRequest;
import io.envhub.bounty.bounty.BountyViews.ClarificationRequest;
import io.envhub.bounty.bounty.BountyViews.ClarificationView;
import io.envhub.kit.error.ApiException;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/bounties}: the board, one bounty, and the sponsor's changes to it. */
@Path("/api/v1/bounties")
@Produces(MediaType.APPLICATION_JSON)
public class BountyResource {
    private final BountyService bounties;
    private final BountyReader reader;
    private final AuditLog audit;
    private final Callers callers;

    public BountyResource(BountyService bounties, BountyReader reader, AuditLog audit, Callers callers) {
        this.bounties = bounties;
        this.reader = reader;
        this.audit = audit;
        this.callers = callers;
    }

    @GET
    @Operation(summary = "The bounty board", description = "Bounties past the draft stage. Filters: status (open, closed, "
            + "awarded, cancelled), tier, domain, currency, minReward/maxReward (minor units), q (title and description); "
            + "sort: newest (default), deadline, reward; page (1-based), size (1-100, default 20).")
    public BountyPage list(@QueryParam("status") String status, @QueryParam("tier") String tier,
                           @QueryParam("domain") String domain, @QueryParam("currency") String currency,
                           @QueryParam("minReward") Long minReward, @QueryParam("maxReward") Long maxReward,
                           @QueryParam("q") String q, @QueryParam("sort") String sort, @QueryParam("page") Integer page,
                           @QueryParam("size") Integer size) {
        return reader.list(status, tier, domain, currency, minReward, maxReward, q, sort, page, size);
    }

    @GET
    @Path("/{id: \\d+}")
    @Operation(summary = "One bounty", description = "Drafts exist only for their sponsor and admins (404 otherwise).")
    public BountyDetail detail(@PathParam("id") long id) {
        return reader.detail(id, callers.actor());
    }

    @POST
    @Authenticated
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Post a bounty (a draft)", description = "Role sponsor or admin. 201 with the draft.")
    public Response create(BountyRequest body) {
        Bounty b = bounties.create(body, callers.actor());
        return Response.created(URI.create("/api/v1/bounties/" + b.id)).entity(reader.detail(b, callers.actor())).build();
    }

    @PATCH
    @Path("/{id: \\d+}")
    @Authenticated
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Edit a draft", description = "Sponsor or admin; fields left out keep their value. An open bounty's "
            + "terms are frozen: 409 illegal-transition (use clarifications).")
    public BountyDetail update(@PathParam("id") long id, BountyRequest body) {
        return reader.detail(bounties.update(id, body, callers.actor()), callers.actor());
    }

    @POST
    @Path("/{id: \\d+}/open")
    @Authenticated
    @Operation(summary = "Open a draft", description = "Sponsor or admin; 409 when not a draft or the deadline has passed.")
    public BountyDetail open(@PathParam("id") long id) {
        return reader.detail(bounties.open(id, callers.actor()), callers.actor());
    }

    @POST
    @Path("/{id: \\d+}/close")
    @Authenticated
    @Operation(summary = "Close an open bounty", description = "No more applications or submissions; reviews go on.")
    public BountyDetail close(@PathParam("id") long id) {
        return reader.detail(bounties.close(id, callers.actor()), callers.actor());
    }

    @POST
    @Path("/{id: \\d+}/cancel")
    @Authenticated
    @Operation(summary = "Cancel a draft or open bounty")
    public BountyDetail cancel(@PathParam("id") long id) {
        return reader.detail(bounties.cancel(id, callers.actor()), callers.actor());
    }

    @POST
    @Path("/{id: \\d+}/clarifications")
    @Authenticated
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Append a clarification", description = "Sponsor or admin; dated, never rewritten. 201.")
    public Response clarify(@PathParam("id") long id, ClarificationRequest body) {
        Clarification c = bounties.clarify(id, body == null ? null : body.text(), callers.actor());
        return Response.status(Response.Status.CREATED)
                .entity(new ClarificationView(c.id, c.text, c.authorUsername, c.createdAt)).build();
    }

    @GET
    @Path("/{id: \\d+}/audit")
    @Authenticated
    @Operation(summary = "A bounty's audit log", description = "Admins only: every state change with callers.actor(), time, before and "
            + "after.")
    public List<AuditEntry> audit(@PathParam("id") long id) {
        if (!callers.actor().admin()) {
            throw new ApiException.Forbidden("The audit log is for admins.");
        }
        BountyService.visible(id, callers.actor());
        return audit.of(id);
    }
}
