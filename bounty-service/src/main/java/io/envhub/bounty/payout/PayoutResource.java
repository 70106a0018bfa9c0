package io.envhub.bounty.payout;

import io.envhub.bounty.access.Actor;
import io.envhub.bounty.access.Callers;
import io.envhub.bounty.payout.PayoutViews.ConfirmRequest;
import io.envhub.bounty.payout.PayoutViews.FailRequest;
import io.envhub.bounty.payout.PayoutViews.PayoutView;
import io.envhub.kit.error.ApiException;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/payouts}: the admins' payout queue (manual provider: pay outside, then confirm with the reference). */
@Path("/api/v1/payouts")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class PayoutResource {
    private final PayoutReader reader;
    private final PayoutService payouts;
    private final Callers callers;

    public PayoutResource(PayoutReader reader, PayoutService payouts, Callers callers) {
        this.reader = reader;
        this.payouts = payouts;
        this.callers = callers;
    }

    @GET
    @Operation(summary = "Payouts (admins)", description = "Filter status: pending, sent, confirmed, failed (none: all), oldest "
            + "first, at most 1000.")
    public List<PayoutView> list(@QueryParam("status") String status) {
        admin();
        return reader.list(status);
    }

    @GET
    @Path("/{id: \\d+}")
    @Operation(summary = "One payout (admins)")
    public PayoutView one(@PathParam("id") long id) {
        admin();
        return reader.one(id);
    }

    @GET
    @Path("/export.csv")
    @Produces("text/csv")
    @Operation(summary = "Payouts awaiting payment as CSV (admins)", description = "pending and sent payouts: payout_id, payee, "
            + "amount_minor, currency, idempotency_key (the key of the current attempt), attempt, bounty_id, status.")
    public Response csv() {
        admin();
        return Response.ok(reader.csv(), "text/csv; charset=UTF-8")
                .header("Content-Disposition", "attachment; filename=\"envhub-payouts.csv\"").build();
    }

    @POST
    @Path("/{id: \\d+}/confirm")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Confirm a payout as paid (admins)", description = "{\"reference\": the payment's external reference}. "
            + "Moves the amount from payable to paid; the contributor sees it paid only now. Repeating with the same "
            + "reference answers the same.")
    public PayoutView confirm(@PathParam("id") long id, ConfirmRequest body) {
        Actor admin = admin();
        payouts.confirm(id, body == null ? null : body.reference(), admin.username());
        return reader.one(id);
    }

    @POST
    @Path("/{id: \\d+}/fail")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Mark a payout failed (admins)", description = "{\"reason\": ...}. The amount stays payable to the "
            + "contributor; retry sends it again. Only for payments known not to have happened.")
    public PayoutView fail(@PathParam("id") long id, FailRequest body) {
        Actor admin = admin();
        payouts.fail(id, body == null ? null : body.reason(), admin.username());
        return reader.one(id);
    }

    @POST
    @Path("/{id: \\d+}/retry")
    @Operation(summary = "Retry a failed payout (admins)", description = "Pending again with the next attempt number (a new "
            + "provider key).")
    public PayoutView retry(@PathParam("id") long id) {
        Actor admin = admin();
        payouts.retry(id, admin.username());
        return reader.one(id);
    }

    private Actor admin() {
        Actor actor = callers.actor().requireSignedIn();
        if (!actor.admin()) {
            throw new ApiException.Forbidden("Payouts are for admins.");
        }
        return actor;
    }
}
