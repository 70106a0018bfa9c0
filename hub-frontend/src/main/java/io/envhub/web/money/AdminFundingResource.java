package io.envhub.web.money;

import io.envhub.web.admin.AdminGate;
import io.envhub.web.account.Viewer;
import io.envhub.web.settings.ApiProblem;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestForm;

/** {@code /admin/funding}: an admin records money received from a sponsor (amount, currency, external reference). */
@Path("/admin/funding")
@Produces(MediaType.TEXT_HTML)
public class AdminFundingResource {
    private final Viewer viewer;
    private final AdminGate admin;
    private final MoneyApi money;

    public AdminFundingResource(Viewer viewer, AdminGate admin, @RestClient MoneyApi money) {
        this.viewer = viewer;
        this.admin = admin;
        this.money = money;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance funding(Viewer viewer, FundingForm form, String done);
    }

    @GET
    public Response form(@QueryParam("done") String done) {
        admin.bearer();
        return Response.ok(Templates.funding(viewer, FundingForm.blank(), MoneyDone.message(done))).build();
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
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE).entity(Templates.funding(viewer, form, null))
                .build();
    }
}
