package io.envhub.web.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.account.Viewer;
import io.envhub.web.admin.Notice;
import io.envhub.web.error.Problems;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import org.jboss.resteasy.reactive.RestForm;

/**
 * Reports by signed-in users: {@code POST /me/reports} (the form on environment, version and bounty pages, also at
 * {@code /me/reports/new?target=...}), and {@code /me/reports}, the user's reports and their state. A refusal (a
 * second open report on the same target, a bad field) is shown on the form, next to what the user typed.
 */
@Path("/me/reports")
@Produces(MediaType.TEXT_HTML)
public class ReportResource {
    static final String SCOPE = "/me";

    private final Viewer viewer;
    private final ReportClient reports;

    public ReportResource(Viewer viewer, ReportClient reports) {
        this.viewer = viewer;
        this.reports = reports;
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance reports(Viewer viewer, List<MyReport> reports, Notice.Shown notice);

        static native TemplateInstance form(Viewer viewer, ReportForm form);
    }

    @GET
    public Response mine(@CookieParam(Notice.COOKIE) String noticeCookie) {
        signedIn();
        List<MyReport> list = new ArrayList<>();
        for (JsonNode n : items(reports.mine(viewer.bearer()))) {
            list.add(MyReport.of(n));
        }
        Notice.Shown notice = Notice.read(noticeCookie);
        return Notice.clearOn(Response.ok(Templates.reports(viewer, list, notice)), SCOPE, notice).build();
    }

    @GET
    @Path("/new")
    public TemplateInstance form(@QueryParam("target") String target) {
        signedIn();
        return Templates.form(viewer, ReportForm.about(target));
    }

    @POST
    public Response create(@RestForm String target, @RestForm String reason, @RestForm String text) {
        signedIn();
        ReportForm form = ReportForm.posted(target, reason, text);
        if (form.error() != null) {
            return page(400, form);
        }
        try {
            reports.create(viewer.bearer(), new ReportClient.NewReport(form.target(), form.reason(), form.text()));
        } catch (WebApplicationException e) {
            int status = Problems.status(e);
            String detail = Problems.detail(e);
            if (status == 409) {
                return page(409, form.refused(detail != null ? detail
                        : "You already have an open report about " + form.label() + "; an admin will look at it."));
            }
            if (status == 400 || status == 404 || status == 422) {
                return page(status, form.refused(status == 404 ? "There is no " + form.label() + " to report."
                        : detail != null ? detail : "The hub refused the report."));
            }
            throw e;
        } catch (ProcessingException e) {
            return page(503, form.refused("The hub is not reachable right now; the report was not sent. Try again."));
        }
        return Notice.redirect(SCOPE, "/me/reports", "Thank you: your report about " + form.label()
                + " is with the admins.", false);
    }

    private Response page(int status, ReportForm form) {
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE).entity(Templates.form(viewer, form)).build();
    }

    private void signedIn() {
        if (!viewer.signedIn()) {
            throw new UnauthorizedException();
        }
    }

    private static JsonNode items(JsonNode answer) {
        if (answer != null && !answer.isArray() && answer.path("items").isArray()) {
            return answer.get("items");
        }
        return answer == null ? com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode() : answer;
    }
}
