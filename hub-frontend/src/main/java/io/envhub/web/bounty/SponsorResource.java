package io.envhub.web.bounty;

import io.envhub.contract.bounty.ApplicationStatus;
import io.envhub.contract.bounty.BountyJson.Application;
import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.ClarificationRequest;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.contract.bounty.BountyStatus;
import io.envhub.contract.bounty.SubmissionStatus;
import io.envhub.web.account.Viewer;
import io.envhub.contract.ProblemCode;
import io.envhub.web.money.MoneyClient;
import io.envhub.web.money.MoneyFormat;
import io.envhub.web.money.MoneyViews.CurrencyBalance;
import io.envhub.web.money.MoneyViews.SponsorMoney;
import io.envhub.web.security.Roles;
import io.envhub.web.settings.ApiProblem;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.jboss.resteasy.reactive.RestForm;

/**
 * {@code /sponsor}: the sponsor's dashboard: their bounties (create, edit a draft, open, close, cancel, clarify), the
 * applications waiting for a decision and the submissions waiting for a review, with each bounty's history.
 */
@Path("/sponsor")
@Produces(MediaType.TEXT_HTML)
public class SponsorResource {
    private static final Set<String> ACTIONS = Set.of("open", "close", "cancel");

    private final Viewer viewer;
    private final BountyClient bounties;
    private final MoneyClient money;

    public SponsorResource(Viewer viewer, BountyClient bounties, MoneyClient money) {
        this.viewer = viewer;
        this.bounties = bounties;
        this.money = money;
    }

    /**
     * One of the sponsor's bounties with its applications and submissions (newest first), and the refusals of the
     * last post concerning it.
     */
    public record Sponsored(Bounty bounty, List<Application> applications, List<Submission> submissions,
                            Map<String, String> errors) {
        /** The refusal of an action on the bounty itself, or null. */
        public String error() {
            return errors.get("bounty-" + bounty.id());
        }

        /** The refusal of opening it, shown next to the Open button, or null. */
        public String openError() {
            return errors.get("open-" + bounty.id());
        }

        /** The refusal of cancelling it (not confirmed, or refused), shown next to the Cancel button, or null. */
        public String cancelError() {
            return errors.get("cancel-" + bounty.id());
        }

        /** The refusal of a decision on an application, or null. */
        public String applicationError(long appId) {
            return errors.get("application-" + appId);
        }

        /** Applications waiting for a decision. */
        public List<Application> pending() {
            return applications.stream().filter(a -> ApplicationStatus.PENDING.is(a.status())).toList();
        }

        /** Submissions waiting for a review. */
        public List<Submission> toReview() {
            return submissions.stream().filter(s -> SubmissionStatus.SUBMITTED.is(s.status()) || SubmissionStatus.IN_REVIEW.is(s.status()))
                    .toList();
        }

        /** Whether it is still a draft (editable, can be opened). */
        public boolean draft() {
            return BountyStatus.DRAFT.is(bounty.status());
        }

        /** Whether it is open (can be closed, clarified). */
        public boolean open() {
            return BountyStatus.OPEN.is(bounty.status());
        }
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance sponsor(Viewer viewer, List<Sponsored> mine, boolean sponsor, BountyForm form,
                                               Map<String, String> errors, String done, SponsorMoney funds);

        static native TemplateInstance edit(Viewer viewer, Bounty bounty, BountyForm form);
    }

    @GET
    public Response dashboard(@QueryParam("done") String done) {
        return dashboard(200, BountyForm.blank(), Map.of(), Done.message(done));
    }

    @POST
    @Path("/bounties")
    public Response create(@RestForm String title, @RestForm String domain, @RestForm String description,
                           @RestForm String criteria, @RestForm String tier, @RestForm String reward,
                           @RestForm String currency, @RestForm String maxAwards, @RestForm String deadline) {
        BountyForm form = BountyForm.posted(title, domain, description, criteria, tier, reward, currency, maxAwards,
                deadline);
        if (!form.valid()) {
            return dashboard(400, form, Map.of(), null);
        }
        try {
            ApiProblem.call(() -> bounties.create(bearer(), form.request()));
        } catch (ApiProblem.Refused e) {
            return dashboard(status(e), form.refused(e.problem().detail()), Map.of(), null);
        }
        return Done.redirect("/sponsor", "created");
    }

    @GET
    @Path("/bounties/{id}/edit")
    public Response editForm(@PathParam("id") long id) {
        Bounty b = bounties.bounty(bearer(), id);
        return Response.ok(Templates.edit(viewer, b, BountyForm.of(b))).build();
    }

    @POST
    @Path("/bounties/{id}/edit")
    public Response edit(@PathParam("id") long id, @RestForm String title, @RestForm String domain,
                         @RestForm String description, @RestForm String criteria, @RestForm String tier,
                         @RestForm String reward, @RestForm String currency, @RestForm String maxAwards,
                         @RestForm String deadline) {
        BountyForm form = BountyForm.posted(title, domain, description, criteria, tier, reward, currency, maxAwards,
                deadline);
        if (form.valid()) {
            try {
                ApiProblem.call(() -> bounties.edit(bearer(), id, form.request()));
                return Done.redirect("/sponsor", "saved");
            } catch (ApiProblem.Refused e) {
                return Response.status(status(e)).entity(Templates.edit(viewer, bounties.bounty(bearer(), id),
                        form.refused(e.problem().detail()))).build();
            }
        }
        return Response.status(400).entity(Templates.edit(viewer, bounties.bounty(bearer(), id), form)).build();
    }

    /** {@code open}, {@code close} or {@code cancel} one of the sponsor's bounties. */
    @POST
    @Path("/bounties/{id}/{action:open|close|cancel}")
    public Response transition(@PathParam("id") long id, @PathParam("action") String action, @RestForm String confirm) {
        if (!ACTIONS.contains(action)) {
            throw new BadRequestException();
        }
        if ("cancel".equals(action) && !"yes".equals(confirm)) {
            // a second step the server checks, not only the browser (issue 36 item 10)
            return dashboard(400, BountyForm.blank(), Map.of("cancel-" + id, "Nothing was cancelled: tick \u201cYes, cancel"
                    + " it\u201d to confirm. Cancelling withdraws its undecided submissions and returns what its escrow holds"
                    + " to your balance."), null);
        }
        try {
            ApiProblem.call(() -> bounties.transition(bearer(), id, action));
        } catch (ApiProblem.Refused e) {
            String key = ("open".equals(action) ? "open-" : "cancel".equals(action) ? "cancel-" : "bounty-") + id;
            String message = "open".equals(action)
                    && e.problem().known().filter(c -> c == ProblemCode.INSUFFICIENT_BALANCE).isPresent()
                    ? shortOfFunds(id) : e.problem().detail();
            return dashboard(status(e), BountyForm.blank(), Map.of(key, message), null);
        }
        return Done.redirect("/sponsor", "open".equals(action) ? "opened" : "close".equals(action) ? "closed"
                : "cancelled");
    }

    @POST
    @Path("/bounties/{id}/clarify")
    public Response clarify(@PathParam("id") long id, @RestForm String text) {
        String clean = text == null ? "" : text.strip();
        if (clean.isEmpty()) {
            return dashboard(400, BountyForm.blank(), Map.of("bounty-" + id, "Write the clarification first."), null);
        }
        try {
            ApiProblem.call(() -> bounties.clarify(bearer(), id, new ClarificationRequest(clean)));
        } catch (ApiProblem.Refused e) {
            return dashboard(status(e), BountyForm.blank(), Map.of("bounty-" + id, e.problem().detail()), null);
        }
        return Done.redirect("/sponsor", "clarified");
    }

    /**
     * Why opening needs more funds, in money (not minor units): what the escrow holds and the available balance (issue
     * 36 item 10).
     */
    private String shortOfFunds(long id) {
        String bearer = bearer();
        Bounty b = bounties.bounty(bearer, id);
        long needed = Math.multiplyExact(b.rewardMinor(), (long) b.maxAwards());
        long available = 0;
        try {
            SponsorMoney funds = money.sponsorBalance(bearer).toCompletableFuture().join().tidy();
            available = funds.balances().stream().filter(c -> b.currency().equalsIgnoreCase(c.currency()))
                    .mapToLong(CurrencyBalance::availableMinor).sum();
        } catch (RuntimeException e) {
            return "Not enough funds to open it: its escrow holds " + MoneyFormat.amount(needed, b.currency()) + " ("
                    + awards(b) + "). An admin records your funding first.";
        }
        return "Not enough funds to open it: its escrow holds " + MoneyFormat.amount(needed, b.currency()) + " ("
                + awards(b) + "); you have " + MoneyFormat.amount(available, b.currency()) + " available, "
                + MoneyFormat.amount(needed - available, b.currency()) + " short. An admin records your funding first.";
    }

    private static String awards(Bounty b) {
        return b.maxAwards() + (b.maxAwards() == 1 ? " award of " : " awards of ") + MoneyFormat.amount(b.rewardMinor(), b.currency());
    }

    private String bearer() {
        if (!viewer.signedIn()) {
            throw new UnauthorizedException();
        }
        return viewer.bearer();
    }

    static int status(ApiProblem.Refused e) {
        return e.problem().status() >= 500 ? ApiProblem.UNREACHABLE : e.problem().status();
    }

    /** The dashboard; {@code errors} keyed {@code bounty-ID}, {@code application-ID} or {@code submission-ID}. */
    Response dashboard(int status, BountyForm form, Map<String, String> errors, String done) {
        String bearer = bearer();
        boolean sponsor = Roles.sponsor(bearer);
        CompletableFuture<SponsorMoney> balance = sponsor
                ? money.sponsorBalance(bearer).toCompletableFuture().thenApply(SponsorMoney::tidy)
                        .exceptionally(e -> null)
                : CompletableFuture.completedFuture(null);
        List<Bounty> own;
        try {
            own = ApiProblem.call(() -> bounties.myBounties(bearer).toCompletableFuture().join());
        } catch (RuntimeException e) {
            own = List.of();
            errors = Map.of("list", "Your bounties could not be loaded: bounty-service did not answer.");
        }
        Map<String, String> problems = errors;
        List<CompletableFuture<Sponsored>> rows = own.stream().sorted(Comparator.comparingLong(Bounty::id).reversed())
                .map(b -> bounties.applications(bearer, b.id()).toCompletableFuture().exceptionally(e -> List.of())
                        .thenCombine(bounties.submissions(bearer, b.id()).toCompletableFuture()
                                .exceptionally(e -> List.of()),
                                (apps, subs) -> new Sponsored(b, newestFirst(apps), newestSubsFirst(subs), problems)))
                .toList();
        List<Sponsored> mine = rows.stream().map(CompletableFuture::join).toList();
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE)
                .entity(Templates.sponsor(viewer, mine, sponsor, form, errors, done, balance.join())).build();
    }

    private static List<Application> newestFirst(List<Application> apps) {
        return apps.stream().sorted(Comparator.comparingLong(Application::id).reversed()).toList();
    }

    private static List<Submission> newestSubsFirst(List<Submission> subs) {
        return subs.stream().sorted(Comparator.comparingLong(Submission::id).reversed()).toList();
    }
}
