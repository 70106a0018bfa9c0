package io.envhub.bounty.reconciliation;

import io.envhub.bounty.access.Callers;
import io.envhub.kit.error.ApiException;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/ledger/reconciliation}: the ledger checked now (admins). */
@Path("/api/v1/ledger/reconciliation")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
public class ReconciliationResource {
    private final ReconciliationJob job;
    private final Callers callers;

    public ReconciliationResource(ReconciliationJob job, Callers callers) {
        this.job = job;
        this.callers = callers;
    }

    @GET
    @Operation(summary = "Reconcile the ledger (admins)", description = "balanced: every check passed. Checks: the ledger "
            + "sums to zero per currency, every transaction balances, no overdraft, each escrow equals its bounty's open "
            + "obligations, paid:user and external:payouts equal confirmed payouts, payable equals unpaid payouts, one payout "
            + "per approval and none without. Also updates the gauge envhub_ledger_mismatches.")
    public Reconciliation reconcile() {
        if (!callers.actor().requireSignedIn().admin()) {
            throw new ApiException.Forbidden("Reconciliation is for admins.");
        }
        return job.runNow();
    }
}
