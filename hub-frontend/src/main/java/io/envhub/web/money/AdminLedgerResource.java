package io.envhub.web.money;

import io.envhub.web.admin.AdminGate;
import io.envhub.web.account.Viewer;
import io.envhub.web.settings.ApiProblem;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code /admin/ledger}: the ledger's reconciliation, run now by bounty-service: green when every check holds (each
 * currency sums to zero, escrows match open obligations, paid totals match confirmed payouts, every approval has its
 * payout), red with the mismatches otherwise.
 */
@Path("/admin/ledger")
@Produces(MediaType.TEXT_HTML)
public class AdminLedgerResource {
    private final Viewer viewer;
    private final AdminGate admin;
    private final MoneyClient money;

    public AdminLedgerResource(Viewer viewer, AdminGate admin, MoneyClient money) {
        this.viewer = viewer;
        this.admin = admin;
        this.money = money;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance ledger(Viewer viewer, Reconciliation report, String error);
    }

    @GET
    public Response ledger() {
        String bearer = admin.bearer();
        try {
            Reconciliation report = Reconciliation.of(ApiProblem.call(() -> money.reconciliation(bearer)));
            return Response.ok(Templates.ledger(viewer, report, null)).build();
        } catch (ApiProblem.Refused e) {
            return Response.status(MoneyDone.status(e.problem())).type(MediaType.TEXT_HTML_TYPE)
                    .entity(Templates.ledger(viewer, null, e.problem().detail())).build();
        }
    }
}
