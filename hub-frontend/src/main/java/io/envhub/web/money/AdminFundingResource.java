package io.envhub.web.money;

import io.envhub.web.admin.AdminGate;
import io.envhub.web.account.Viewer;
import io.envhub.web.settings.ApiProblem;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.envhub.web.money.MoneyViews.Funding;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.jboss.resteasy.reactive.RestForm;

/**
 * {@code /admin/funding}: an admin records money received from a sponsor (amount, currency, external reference), above
 * the fundings recorded earlier (newest first), so a reference already recorded is seen before it is typed again.
 */
@Path("/admin/funding")
@Produces(MediaType.TEXT_HTML)
public class AdminFundingResource {
    private final Viewer viewer;
    private final AdminGate admin;
    private final MoneyClient money;

    public AdminFundingResource(Viewer viewer, AdminGate admin, MoneyClient money) {
        this.viewer = viewer;
        this.admin = admin;
        this.money = money;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance funding(Viewer viewer, FundingForm form, String done, Earlier earlier);
    }

    @GET
    public Response form(@QueryParam("done") String done) {
        String bearer = admin.bearer();
        return Response.ok(Templates.funding(viewer, FundingForm.blank(), MoneyDone.message(done), earlier(bearer))).build();
    }

    @POST
    public Response record(@RestForm String sponsor, @RestForm String amount, @RestForm String currency,
                           @RestForm String reference) {
        String bearer = admin.bearer();
        FundingForm form = FundingForm.posted(sponsor, amount, currency, reference);
        if (!form.valid()) {
            return page(400, form);
        }
        try {
            ApiProblem.call(() -> money.fund(bearer, form.request()));
        } catch (ApiProblem.Refused e) {
            return page(MoneyDone.status(e.problem()), form.refused(e.problem().detail()));
        }
        return MoneyDone.redirect("/admin/funding", "funded");
    }

    private Response page(int status, FundingForm form) {
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE)
                .entity(Templates.funding(viewer, form, null, earlier(admin.bearer()))).build();
    }

    /**
     * The fundings recorded so far ({@code GET /api/v1/ledger/funding}, newest first).
     *
     * @param fundings the fundings, empty when none or when bounty-service did not answer
     * @param unavailable whether bounty-service did not answer (the page says so)
     */
    public record Earlier(List<Funding> fundings, boolean unavailable) {
    }

    private Earlier earlier(String bearer) {
        try {
            List<Funding> list = money.fundings(bearer);
            return new Earlier(list == null ? List.of() : list, false);
        } catch (RuntimeException e) {
            return new Earlier(List.of(), true);
        }
    }
}
