package io.envhub.bounty.payout;

import io.envhub.bounty.access.Actor;
import io.envhub.bounty.access.Callers;
import io.envhub.bounty.payout.PayoutViews.Earnings;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/me/earnings}: what the caller earned from bounties. */
@Path("/api/v1/me/earnings")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class EarningsResource {
    private final PayoutReader reader;
    private final Callers callers;

    public EarningsResource(PayoutReader reader, Callers callers) {
        this.reader = reader;
        this.callers = callers;
    }

    @GET
    @Operation(summary = "My earnings", description = "Per currency: payable (approved, not yet confirmed as paid) and paid "
            + "(confirmed); per award: bounty, amount and payout status (pending, sent, confirmed, failed).")
    public Earnings earnings() {
        Actor actor = callers.actor().requireSignedIn();
        return reader.earnings(actor.subject(), actor.username());
    }
}
