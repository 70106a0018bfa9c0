package io.envhub.web.bounty;

import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.DecisionRequest;
import io.envhub.contract.bounty.BountyJson.ReviewRequest;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.contract.bounty.SubmissionStatus;
import io.envhub.web.account.Viewer;
import io.envhub.web.evaluation.HubRunForm;
import io.envhub.web.evaluation.HubRunView;
import io.envhub.web.money.MoneyFormat;
import io.envhub.web.settings.ApiProblem;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jboss.resteasy.reactive.RestForm;

/**
 * The sponsor's decisions: accepting or declining an application (from the dashboard), and the review form of a
 * submission ({@code /sponsor/review/{id}/submissions/{subId}}: the acceptance checklist, a comment, and approve,
 * request changes or reject).
 */
@Path("/sponsor/review/{id}")
@Produces(MediaType.TEXT_HTML)
public class ReviewResource {
    private static final Set<String> DECISIONS = Set.of("approve", "request_changes", "reject");

    private final Viewer viewer;
    private final BountyClient bounties;
    private final SponsorResource dashboard;
    private final ReviewHubRun hubRuns;

    public ReviewResource(Viewer viewer, BountyClient bounties, SponsorResource dashboard, ReviewHubRun hubRuns) {
        this.viewer = viewer;
        this.bounties = bounties;
        this.dashboard = dashboard;
        this.hubRuns = hubRuns;
    }

    /**
     * The review form's state.
     *
     * @param bounty the bounty reviewed against
     * @param submission the submission, with its earlier versions and reviews
     * @param ticked the criteria ticked (by index) when the form is shown again
     * @param comment the comment as typed
     * @param error the refusal shown above the form, or null
     * @param done the confirmation of the review just recorded, or null
     * @param sponsor whether the viewer is the bounty's sponsor (only they are offered a hub-run evaluation)
     * @param hubRun the "Request a hub-run evaluation" form as typed (issue 33)
     * @param hubRunStatus the hub-run evaluation linked to the submitted version, or null
     */
    public record ReviewForm(Bounty bounty, Submission submission, List<Integer> ticked, String comment, String error,
                             String done, boolean sponsor, HubRunForm hubRun, HubRunView hubRunStatus) {
        /** Whether criterion {@code i} is ticked. */
        public boolean isTicked(int i) {
            return ticked.contains(i);
        }

        /** Whether nobody has taken it into review yet. */
        public boolean startable() {
            return SubmissionStatus.SUBMITTED.is(submission.status());
        }

        /** Whether the submission still waits for a review. */
        public boolean open() {
            return SubmissionStatus.SUBMITTED.is(submission.status()) || SubmissionStatus.IN_REVIEW.is(submission.status());
        }
    }

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance review(Viewer viewer, ReviewForm form);
    }

    @POST
    @Path("/applications/{appId}/decision")
    public Response decide(@PathParam("id") long id, @PathParam("appId") long appId, @RestForm String decision,
                           @RestForm String comment) {
        if (!"accept".equals(decision) && !"reject".equals(decision)) {
            return dashboard.dashboard(400, BountyForm.blank(), Map.of("application-" + appId, "Accept or decline."),
                    null);
        }
        try {
            ApiProblem.call(() -> bounties.decide(bearer(), id, appId, new DecisionRequest(decision,
                    comment == null ? "" : comment.strip())));
        } catch (ApiProblem.Refused e) {
            return dashboard.dashboard(SponsorResource.status(e), BountyForm.blank(),
                    Map.of("application-" + appId, e.problem().detail()), null);
        }
        return Done.redirect("/sponsor", "accept".equals(decision) ? "accepted" : "rejected");
    }

    @GET
    @Path("/submissions/{subId}")
    public Response form(@PathParam("id") long id, @PathParam("subId") long subId, @QueryParam("done") String done) {
        return page(200, id, subId, List.of(), "", Done.message(done));
    }

    @POST
    @Path("/submissions/{subId}")
    public Response review(@PathParam("id") long id, @PathParam("subId") long subId, @RestForm String decision,
                           @RestForm String comment, @RestForm List<Integer> checked, @RestForm String confirm) {
        List<Integer> ticked = checked == null ? List.of() : List.copyOf(checked);
        String text = comment == null ? "" : comment.strip();
        if (decision == null || !DECISIONS.contains(decision)) {
            return page(400, id, subId, ticked, text, "Choose approve, request changes or reject.");
        }
        if (!"approve".equals(decision) && text.isEmpty()) {
            return page(400, id, subId, ticked, text, "Tell the contributor why: write a comment.");
        }
        Bounty bounty = bounties.bounty(bearer(), id);
        List<Boolean> checklist = new ArrayList<>();
        for (int i = 0; i < (bounty.criteria() == null ? 0 : bounty.criteria().size()); i++) {
            checklist.add(ticked.contains(i));
        }
        if ("approve".equals(decision) && bounty.rewardMinor() > 0 && checklist.contains(false) && text.isEmpty()
                && !"yes".equals(confirm)) {
            // paying for unmet criteria without a word takes a second, server-checked step (issue 36 item 10)
            return page(400, id, subId, ticked, text, "Nothing was approved: " + checklist.stream().filter(t -> !t).count()
                    + " of " + checklist.size() + " criteria are not ticked and there is no comment, yet approving pays "
                    + MoneyFormat.amount(bounty.rewardMinor(), bounty.currency()) + ". Tick \u201cApprove anyway\u201d to"
                    + " confirm, or say why in a comment.");
        }
        try {
            ApiProblem.call(() -> bounties.review(bearer(), subId, new ReviewRequest(decision, text, checklist)));
        } catch (ApiProblem.Refused e) {
            return page(SponsorResource.status(e), id, subId, ticked, text, e.problem().detail());
        }
        return Done.redirect("/sponsor/review/" + id + "/submissions/" + subId, "reviewed");
    }

    /**
     * The sponsor asks the hub to evaluate the submitted version with their own model endpoint (issue 33): the run starts
     * on hub-backend and its id is kept on the submission; the API key is never put back into the page.
     */
    @POST
    @Path("/submissions/{subId}/hub-run")
    public Response hubRun(@PathParam("id") long id, @PathParam("subId") long subId, @RestForm String baseUrl,
                           @RestForm String model, @RestForm String apiKey, @RestForm String examples,
                           @RestForm String rollouts, @RestForm String temperature, @RestForm String maxTokens) {
        String bearer = bearer();
        Bounty bounty = bounties.bounty(bearer, id);
        Submission submission = submission(bearer, id, subId);
        HubRunForm typed = HubRunForm.of(baseUrl, model, examples, rollouts, temperature, maxTokens);
        if (!ReviewHubRun.sponsor(bounty, viewer.username())) {
            return page(403, id, subId, List.of(), "", "Only the bounty's sponsor may ask for a hub-run evaluation.",
                    typed);
        }
        HubRunForm form = hubRuns.start(bearer, subId, submission, typed, apiKey);
        if (!form.errors().isEmpty()) {
            return page(400, id, subId, List.of(), "", null, form);
        }
        return Done.redirect("/sponsor/review/" + id + "/submissions/" + subId, "hub-run-started");
    }

    /** Takes a submission into review (submitted -> in review), from the dashboard or the review page. */
    @POST
    @Path("/submissions/{subId}/start")
    public Response startReview(@PathParam("id") long id, @PathParam("subId") long subId) {
        try {
            ApiProblem.call(() -> bounties.startReview(bearer(), subId));
        } catch (ApiProblem.Refused e) {
            return page(SponsorResource.status(e), id, subId, List.of(), "", e.problem().detail());
        }
        return Done.redirect("/sponsor/review/" + id + "/submissions/" + subId, "review-started");
    }

    private String bearer() {
        if (!viewer.signedIn()) {
            throw new UnauthorizedException();
        }
        return viewer.bearer();
    }

    private Response page(int status, long id, long subId, List<Integer> ticked, String comment, String message) {
        return page(status, id, subId, ticked, comment, message, HubRunForm.blank());
    }

    private Submission submission(String bearer, long id, long subId) {
        return bounties.submissions(bearer, id).toCompletableFuture().join().stream()
                .filter(s -> s.id() == subId).findFirst().orElseThrow(NotFoundException::new);
    }

    private Response page(int status, long id, long subId, List<Integer> ticked, String comment, String message,
                          HubRunForm hubRun) {
        String bearer = bearer();
        Bounty bounty = bounties.bounty(bearer, id);
        Submission submission = submission(bearer, id, subId);
        boolean refusal = status >= 400;
        boolean sponsor = ReviewHubRun.sponsor(bounty, viewer.username());
        ReviewForm form = new ReviewForm(bounty, submission, ticked, comment, refusal ? message : null,
                refusal ? null : message, sponsor, hubRun, sponsor ? hubRuns.status(bearer, submission) : null);
        return Response.status(status).type(MediaType.TEXT_HTML_TYPE).entity(Templates.review(viewer, form)).build();
    }
}
