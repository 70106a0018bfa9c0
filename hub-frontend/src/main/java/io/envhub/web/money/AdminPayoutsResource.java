package io.envhub.web.money;

import io.envhub.web.admin.AdminGate;
import io.envhub.web.account.Viewer;
import io.envhub.web.money.MoneyViews.ConfirmRequest;
import io.envhub.web.money.MoneyViews.FailRequest;
import io.envhub.web.money.MoneyViews.Payout;
import io.envhub.web.settings.ApiProblem;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.RestForm;

/**
 * {@code /admin/payouts}: the manual payout queue. Admins list payouts by state (to pay, i.e. pending and sent;
 * pending; sent; failed; confirmed), pay
 * outside the system and confirm each with the external reference, mark one failed, retry a failed one, and download
 * the CSV of pending payouts (fetched from bounty-service with the admin's token).
 */
@Path("/admin/payouts")
@Produces(MediaType.TEXT_HTML)
public class AdminPayoutsResource {
    private static final int MAX_TEXT = 200;

    private final Viewer viewer;
    private final AdminGate admin;
    private final MoneyClient money;

    public AdminPayoutsResource(Viewer viewer, AdminGate admin, MoneyClient money) {
        this.viewer = viewer;
        this.admin = admin;
        this.money = money;
    }

    /**
     * The queue page.
     *
     * @param queue the state listed
     * @param payouts its payouts, oldest first (paid in order)
     * @param errors refusals keyed {@code payout-ID}, or {@code list} when the queue could not be loaded
     * @param done the confirmation of the last post, or null
     */
    public record Queue(String queue, List<Payout> payouts, Map<String, String> errors, String done) {
        /** The tabs. */
        public List<String> queues() {
            return PayoutStates.QUEUES;
        }

        /** The refusal of an action on one payout, or null. */
        public String error(long id) {
            return errors.get("payout-" + id);
        }

        /** The words for a queue's tab. */
        public String tab(String state) {
            return PayoutStates.label(state);
        }
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance payouts(Viewer viewer, Queue queue);
    }

    @GET
    public Response queue(@QueryParam("status") String status, @QueryParam("done") String done) {
        return page(200, PayoutStates.queue(status), Map.of(), MoneyDone.message(done));
    }

    @POST
    @Path("/{id}/confirm")
    public Response confirm(@PathParam("id") long id, @RestForm String reference, @RestForm String queue) {
        String bearer = admin.bearer();
        String ref = reference == null ? "" : reference.strip();
        if (ref.isEmpty() || ref.length() > MAX_TEXT) {
            return page(400, PayoutStates.queue(queue), Map.of("payout-" + id,
                    "Enter the payment's external reference (at most " + MAX_TEXT + " characters) to confirm it."), null);
        }
        return act(id, queue, "confirmed", () -> money.confirm(bearer, id, new ConfirmRequest(ref)));
    }

    @POST
    @Path("/{id}/fail")
    public Response fail(@PathParam("id") long id, @RestForm String reason, @RestForm String queue) {
        String bearer = admin.bearer();
        String why = reason == null ? "" : reason.strip();
        if (why.isEmpty() || why.length() > MAX_TEXT) {
            return page(400, PayoutStates.queue(queue), Map.of("payout-" + id,
                    "Say why the payment failed (at most " + MAX_TEXT + " characters)."), null);
        }
        return act(id, queue, "failed", () -> money.fail(bearer, id, new FailRequest(why)));
    }

    @POST
    @Path("/{id}/retry")
    public Response retry(@PathParam("id") long id, @RestForm String queue) {
        String bearer = admin.bearer();
        return act(id, queue, "retried", () -> money.retry(bearer, id));
    }

    /** The CSV of payouts awaiting payment (payee, amount, currency, key), as bounty-service exports it. */
    @GET
    @Path("/export.csv")
    @Produces("text/csv")
    public Response export() {
        String bearer = admin.bearer();
        String csv;
        try {
            csv = ApiProblem.call(() -> money.exportCsv(bearer));
        } catch (ApiProblem.Refused e) {
            return page(MoneyDone.status(e.problem()), "to_pay", Map.of("list", e.problem().detail()), null);
        }
        return Response.ok(csv, "text/csv; charset=UTF-8")
                .header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"envhub-payouts.csv\"").build();
    }

    private Response act(long id, String queue, String done, Runnable call) {
        String back = PayoutStates.queue(queue);
        try {
            ApiProblem.run(call);
        } catch (ApiProblem.Refused e) {
            return page(MoneyDone.status(e.problem()), back, Map.of("payout-" + id, e.problem().detail()), null);
        }
        return MoneyDone.redirect("/admin/payouts?status=" + back, done);
    }

    private Response page(int status, String queue, Map<String, String> errors, String done) {
        String bearer = admin.bearer();
        List<Payout> payouts;
        Map<String, String> problems = errors;
        try {
            payouts = PayoutStates.states(queue).stream()
                    .flatMap(state -> ApiProblem.call(() -> money.payouts(bearer, state)).stream())
                    .sorted(Comparator.comparingLong(Payout::id)).toList();
        } catch (ApiProblem.Refused e) {
            payouts = List.of();
            problems = Map.of("list", "The payouts could not be loaded: " + e.problem().detail());
        }
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE)
                .entity(Templates.payouts(viewer, new Queue(queue, payouts, problems, done))).build();
    }
}
