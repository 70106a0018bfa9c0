package io.envhub.bounty.funding;

import io.envhub.bounty.access.Actor;
import io.envhub.bounty.access.Callers;
import io.envhub.bounty.funding.FundingViews.FundingRequest;
import io.envhub.bounty.funding.FundingViews.FundingView;
import io.envhub.kit.error.ApiException;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/ledger/funding}: admins record money received from sponsors. */
@Path("/api/v1/ledger/funding")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class FundingResource {
    private final FundingService funding;
    private final Callers callers;

    public FundingResource(FundingService funding, Callers callers) {
        this.funding = funding;
        this.callers = callers;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Record funding (admins)", description = "{\"sponsor\": user name, \"amountMinor\": integer minor units, "
            + "\"currency\": \"USD\", \"reference\": e.g. the bank transfer id}. Posts external:funding → sponsor:{subject}. A reference "
            + "credits once: recorded again with the same details, 200 with the earlier funding; with others, 409.")
    public Response fund(FundingRequest body) {
        Actor admin = admin();
        FundingService.Recorded recorded = funding.fund(body, admin);
        return Response.status(recorded.created() ? Response.Status.CREATED : Response.Status.OK).entity(recorded.funding()).build();
    }

    @GET
    @Operation(summary = "Recorded funding (admins)", description = "Every sponsor's, newest first, at most 500.")
    public List<FundingView> list() {
        admin();
        return funding.history(null, null);
    }

    private Actor admin() {
        Actor actor = callers.actor().requireSignedIn();
        if (!actor.admin()) {
            throw new ApiException.Forbidden("Recording funding is for admins.");
        }
        return actor;
    }
}
