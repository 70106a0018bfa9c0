package io.envhub.bounty.submission;

import io.envhub.bounty.access.Callers;
import io.envhub.bounty.submission.SubmissionViews.HubEvalLink;
import io.envhub.bounty.submission.SubmissionViews.ReviewRequest;
import io.envhub.bounty.submission.SubmissionViews.SubmissionView;
import io.envhub.bounty.submission.SubmissionViews.SubmitRequest;
import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/submissions/{subId}}: one submission, its reviews, resubmission and withdrawal. */
@Path("/api/v1/submissions/{subId: \\d+}")
@Produces(MediaType.APPLICATION_JSON)
public class SubmissionActionsResource {
    private final SubmissionService submissions;
    private final ReviewService reviews;
    private final SubmissionReader reader;
    private final Callers callers;

    public SubmissionActionsResource(SubmissionService submissions, ReviewService reviews, SubmissionReader reader, Callers callers) {
        this.submissions = submissions;
        this.reviews = reviews;
        this.reader = reader;
        this.callers = callers;
    }

    @GET
    @Operation(summary = "One submission", description = "With its version history; reviews in progress only for the "
            + "submitter, the sponsor and admins.")
    public SubmissionView get(@PathParam("subId") long subId) {
        return reader.one(subId, callers.actor());
    }

    @POST
    @Path("/reviews")
    @Authenticated
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Review a submission", description = "{\"decision\":\"approve\"|\"request_changes\"|\"reject\","
            + "\"comment\":\"...\",\"checklist\":[true,false,...]} (one tick per criterion). The sponsor or an admin, never "
            + "the submitter. Approval re-checks the version on hub-backend (409 version-quarantined, version-yanked, "
            + "version-not-found, version-not-validated, version-changed; nothing is approved, awarded or paid) and 409 "
            + "bounty-fully-awarded when no award is left; approving an approved submission answers the same and records "
            + "nothing.")
    public SubmissionView review(@PathParam("subId") long subId, ReviewRequest body) {
        return reviews.review(subId, body, callers.actor());
    }

    @POST
    @Path("/start-review")
    @Authenticated
    @Operation(summary = "Take a submission into review", description = "The sponsor or an admin: submitted → in_review.")
    public SubmissionView startReview(@PathParam("subId") long subId) {
        return submissions.startReview(subId, callers.actor());
    }

    @PUT
    @Path("/hub-eval")
    @Authenticated
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Link a hub-run evaluation", description = "{\"runId\":\"...\"}: the sponsor (or an admin) "
            + "records the hub-run evaluation they started on hub-backend for the submission's current version (issue 33); "
            + "the submission then shows it as hubEvalRunId to the sponsor and admins. Never the submitter.")
    public SubmissionView linkHubEval(@PathParam("subId") long subId, HubEvalLink body) {
        return submissions.linkHubEval(subId, body == null ? null : body.runId(), callers.actor());
    }

    @POST
    @Path("/versions")
    @Authenticated
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Resubmit a new version", description = "The submitter answers changes_requested: "
            + "{\"environment\":\"owner/name\" (optional: the same),\"version\":\"x.y.z\"}; the history is kept. The "
            + "version is checked as at submit (409 version-quarantined, version-yanked, version-not-*).")
    public SubmissionView resubmit(@PathParam("subId") long subId, SubmitRequest body) {
        return submissions.resubmit(subId, body == null ? null : body.environment(), body == null ? null : body.version(), callers.actor());
    }

    @POST
    @Path("/withdraw")
    @Authenticated
    @Operation(summary = "Withdraw a submission", description = "The submitter, before a decision.")
    public SubmissionView withdraw(@PathParam("subId") long subId) {
        return submissions.withdraw(subId, callers.actor());
    }
}
