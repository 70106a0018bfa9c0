package io.envhub.web.money;

import io.envhub.web.account.Viewer;
import io.envhub.web.money.MoneyViews.Earnings;
import io.envhub.web.money.MoneyViews.Payout;
import io.envhub.web.settings.ApiProblem;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;

/**
 * {@code /me/earnings}: what the contributor has earned from bounties: payable (approved, not yet paid) and paid
 * (confirmed by the payment provider) per currency, and each award's payout with its state.
 */
@Path("/me/earnings")
@Produces(MediaType.TEXT_HTML)
public class EarningsResource {
    private final Viewer viewer;
    private final MoneyClient money;

    public EarningsResource(Viewer viewer, MoneyClient money) {
        this.viewer = viewer;
        this.money = money;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance earnings(Viewer viewer, Earnings earnings, String error);
    }

    @GET
    public Response earnings() {
        if (!viewer.signedIn()) {
            throw new UnauthorizedException();
        }
        String bearer = viewer.bearer();
        try {
            Earnings e = ApiProblem.call(() -> money.earnings(bearer)).tidy();
            Earnings newestFirst = new Earnings(e.totals(), e.payouts().stream()
                    .sorted(Comparator.comparingLong(Payout::id).reversed()).toList());
            return Response.ok(Templates.earnings(viewer, newestFirst, null)).build();
        } catch (ApiProblem.Refused e) {
            return Response.status(MoneyDone.status(e.problem())).type(MediaType.TEXT_HTML_TYPE)
                    .entity(Templates.earnings(viewer, new Earnings(java.util.List.of(), java.util.List.of()),
                            "Your earnings could not be loaded: " + e.problem().detail())).build();
        }
    }
}
