package io.envhub.web.bounty;

import io.envhub.contract.bounty.BountyJson.Application;
import io.envhub.contract.bounty.BountyJson.ApplicationRequest;
import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.BountyPage;
import io.envhub.contract.bounty.BountyJson.BountyRequest;
import io.envhub.contract.bounty.BountyJson.ClarificationRequest;
import io.envhub.contract.bounty.BountyJson.DecisionRequest;
import io.envhub.contract.bounty.BountyJson.ReviewRequest;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.contract.bounty.BountyJson.SubmissionRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The public API of bounty-service, called with the viewer's own token ({@code bearer} null for anonymous visitors).
 * Refusals arrive as {@code WebApplicationException}s carrying the service's problem+json document.
 */
@RegisterRestClient(configKey = "bounty-api")
@Path("/api/v1")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface BountyApi {
    @GET
    @Path("/bounties")
    BountyPage list(@HeaderParam("Authorization") String bearer, @QueryParam("status") String status,
                    @QueryParam("tier") String tier, @QueryParam("domain") String domain,
                    @QueryParam("minReward") Long minReward, @QueryParam("maxReward") Long maxReward,
                    @QueryParam("q") String q, @QueryParam("sort") String sort, @QueryParam("page") Integer page,
                    @QueryParam("size") Integer size);

    @GET
    @Path("/bounties/{id}")
    Bounty bounty(@HeaderParam("Authorization") String bearer, @PathParam("id") long id);

    @POST
    @Path("/bounties")
    Bounty create(@HeaderParam("Authorization") String bearer, BountyRequest body);

    @PATCH
    @Path("/bounties/{id}")
    Bounty edit(@HeaderParam("Authorization") String bearer, @PathParam("id") long id, BountyRequest body);

    /** {@code open}, {@code close} or {@code cancel}. */
    @POST
    @Path("/bounties/{id}/{action}")
    Bounty transition(@HeaderParam("Authorization") String bearer, @PathParam("id") long id,
                      @PathParam("action") String action);

    @POST
    @Path("/bounties/{id}/clarifications")
    Bounty clarify(@HeaderParam("Authorization") String bearer, @PathParam("id") long id, ClarificationRequest body);

    @POST
    @Path("/bounties/{id}/applications")
    Application apply(@HeaderParam("Authorization") String bearer, @PathParam("id") long id, ApplicationRequest body);

    @GET
    @Path("/bounties/{id}/applications")
    CompletionStage<List<Application>> applications(@HeaderParam("Authorization") String bearer, @PathParam("id") long id);

    @POST
    @Path("/bounties/{id}/applications/{appId}/decision")
    Application decide(@HeaderParam("Authorization") String bearer, @PathParam("id") long id,
                       @PathParam("appId") long appId, DecisionRequest body);

    @POST
    @Path("/bounties/{id}/applications/{appId}/withdraw")
    Application withdrawApplication(@HeaderParam("Authorization") String bearer, @PathParam("id") long id,
                                    @PathParam("appId") long appId);

    @POST
    @Path("/bounties/{id}/submissions")
    Submission submit(@HeaderParam("Authorization") String bearer, @PathParam("id") long id, SubmissionRequest body);

    @GET
    @Path("/bounties/{id}/submissions")
    CompletionStage<List<Submission>> submissions(@HeaderParam("Authorization") String bearer, @PathParam("id") long id);

    @POST
    @Path("/submissions/{subId}/reviews")
    Submission review(@HeaderParam("Authorization") String bearer, @PathParam("subId") long subId, ReviewRequest body);

    /** The sponsor (or an admin) takes a submission into review: submitted -> in_review. */
    @POST
    @Path("/submissions/{subId}/start-review")
    Submission startReview(@HeaderParam("Authorization") String bearer, @PathParam("subId") long subId);

    /** The sponsor links the hub-run evaluation they started for the submission's current version (issue 33). */
    @PUT
    @Path("/submissions/{subId}/hub-eval")
    Submission linkHubEval(@HeaderParam("Authorization") String bearer, @PathParam("subId") long subId,
                           io.envhub.contract.bounty.BountyJson.HubEvalLink body);

    @POST
    @Path("/submissions/{subId}/versions")
    Submission resubmit(@HeaderParam("Authorization") String bearer, @PathParam("subId") long subId,
                        SubmissionRequest body);

    @POST
    @Path("/submissions/{subId}/withdraw")
    Submission withdrawSubmission(@HeaderParam("Authorization") String bearer, @PathParam("subId") long subId);

    @GET
    @Path("/bounties/me/bounties")
    CompletionStage<List<Bounty>> myBounties(@HeaderParam("Authorization") String bearer);

    @GET
    @Path("/bounties/me/applications")
    CompletionStage<List<Application>> myApplications(@HeaderParam("Authorization") String bearer);

    @GET
    @Path("/bounties/me/submissions")
    CompletionStage<List<Submission>> mySubmissions(@HeaderParam("Authorization") String bearer);

    /** Approved submissions of one environment ({@code owner/name}), for the award line on its page. */
    @GET
    @Path("/submissions")
    CompletionStage<List<Submission>> awards(@HeaderParam("Authorization") String bearer,
                                             @QueryParam("environment") String environment,
                                             @QueryParam("status") String status);
}
