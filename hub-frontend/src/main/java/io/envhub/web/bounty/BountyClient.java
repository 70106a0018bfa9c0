package io.envhub.web.bounty;

import static io.envhub.web.client.ServiceJson.path;
import static io.envhub.web.client.ServiceJson.query;

import com.fasterxml.jackson.core.type.TypeReference;
import io.envhub.contract.bounty.BountyJson.Application;
import io.envhub.contract.bounty.BountyJson.ApplicationRequest;
import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.BountyPage;
import io.envhub.contract.bounty.BountyJson.BountyRequest;
import io.envhub.contract.bounty.BountyJson.ClarificationRequest;
import io.envhub.contract.bounty.BountyJson.DecisionRequest;
import io.envhub.contract.bounty.BountyJson.HubEvalLink;
import io.envhub.contract.bounty.BountyJson.ReviewRequest;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.contract.bounty.BountyJson.SubmissionRequest;
import io.envhub.web.client.BountyService;
import io.envhub.web.client.ServiceJson;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.context.ManagedExecutor;

/**
 * bounty-service's public bounty API ({@code /api/v1/bounties}, {@code /api/v1/submissions}) over contract's JSON
 * client ({@link ServiceJson}), called with the viewer's own token ({@code bearer} null for anonymous visitors) and
 * read into contract's bounty records. A refusal is a {@code ClientWebApplicationException} carrying the service's
 * status (its cause the problem document), a service that does not answer a {@code ProcessingException}; the list
 * calls a page makes side by side run on the managed executor.
 */
@ApplicationScoped
public class BountyClient {
    private static final String API = "/api/v1";
    private static final String BOUNTY = API + "/bounties/{}";
    private static final String SUBMISSION = API + "/submissions/{}";
    private static final TypeReference<List<Bounty>> BOUNTIES = new TypeReference<>() { };
    private static final TypeReference<List<Application>> APPLICATIONS = new TypeReference<>() { };
    private static final TypeReference<List<Submission>> SUBMISSIONS = new TypeReference<>() { };

    private final ServiceJson bounties;
    /** Runs the list calls next to the page's other calls. */
    private final ManagedExecutor background;

    public BountyClient(@BountyService ServiceJson bounties, ManagedExecutor background) {
        this.bounties = bounties;
        this.background = background;
    }

    public BountyPage list(String bearer, String status, String tier, String domain, Long minReward, Long maxReward,
                           String q, String sort, Integer page, Integer size) {
        return bounties.get(bearer, query(API + "/bounties", "status", status, "tier", tier, "domain", domain,
                "minReward", minReward, "maxReward", maxReward, "q", q, "sort", sort, "page", page, "size", size),
                BountyPage.class);
    }

    public Bounty bounty(String bearer, long id) {
        return bounties.get(bearer, path(BOUNTY, id), Bounty.class);
    }

    public Bounty create(String bearer, BountyRequest body) {
        return bounty(bearer, "POST", API + "/bounties", body);
    }

    public Bounty edit(String bearer, long id, BountyRequest body) {
        return bounty(bearer, "PATCH", path(BOUNTY, id), body);
    }

    /** {@code open}, {@code close} or {@code cancel}. */
    public Bounty transition(String bearer, long id, String action) {
        return bounty(bearer, "POST", path(BOUNTY + "/{}", id, action), null);
    }

    public Bounty clarify(String bearer, long id, ClarificationRequest body) {
        return bounty(bearer, "POST", path(BOUNTY + "/clarifications", id), body);
    }

    public Application apply(String bearer, long id, ApplicationRequest body) {
        return application(bearer, path(BOUNTY + "/applications", id), body);
    }

    public CompletableFuture<List<Application>> applications(String bearer, long id) {
        return later(bearer, path(BOUNTY + "/applications", id), APPLICATIONS);
    }

    public Application decide(String bearer, long id, long appId, DecisionRequest body) {
        return application(bearer, path(BOUNTY + "/applications/{}/decision", id, appId), body);
    }

    public Application withdrawApplication(String bearer, long id, long appId) {
        return application(bearer, path(BOUNTY + "/applications/{}/withdraw", id, appId), null);
    }

    public Submission submit(String bearer, long id, SubmissionRequest body) {
        return submission(bearer, "POST", path(BOUNTY + "/submissions", id), body);
    }

    public CompletableFuture<List<Submission>> submissions(String bearer, long id) {
        return later(bearer, path(BOUNTY + "/submissions", id), SUBMISSIONS);
    }

    public Submission review(String bearer, long subId, ReviewRequest body) {
        return submission(bearer, "POST", path(SUBMISSION + "/reviews", subId), body);
    }

    /** The sponsor (or an admin) takes a submission into review: submitted -> in_review. */
    public Submission startReview(String bearer, long subId) {
        return submission(bearer, "POST", path(SUBMISSION + "/start-review", subId), null);
    }

    /** The sponsor links the hub-run evaluation they started for the submission's current version (issue 33). */
    public Submission linkHubEval(String bearer, long subId, HubEvalLink body) {
        return submission(bearer, "PUT", path(SUBMISSION + "/hub-eval", subId), body);
    }

    public Submission resubmit(String bearer, long subId, SubmissionRequest body) {
        return submission(bearer, "POST", path(SUBMISSION + "/versions", subId), body);
    }

    public Submission withdrawSubmission(String bearer, long subId) {
        return submission(bearer, "POST", path(SUBMISSION + "/withdraw", subId), null);
    }

    public CompletableFuture<List<Bounty>> myBounties(String bearer) {
        return later(bearer, API + "/bounties/me/bounties", BOUNTIES);
    }

    public CompletableFuture<List<Application>> myApplications(String bearer) {
        return later(bearer, API + "/bounties/me/applications", APPLICATIONS);
    }

    public CompletableFuture<List<Submission>> mySubmissions(String bearer) {
        return later(bearer, API + "/bounties/me/submissions", SUBMISSIONS);
    }

    /** Submissions of one environment ({@code owner/name}) in one status, for the award line on its page. */
    public CompletableFuture<List<Submission>> awards(String bearer, String environment, String status) {
        return later(bearer, query(API + "/submissions", "environment", environment, "status", status), SUBMISSIONS);
    }

    private Bounty bounty(String bearer, String method, String at, Object body) {
        return bounties.bind(bounties.call(bearer, method, at, body), Bounty.class);
    }

    private Application application(String bearer, String at, Object body) {
        return bounties.bind(bounties.call(bearer, "POST", at, body), Application.class);
    }

    private Submission submission(String bearer, String method, String at, Object body) {
        return bounties.bind(bounties.call(bearer, method, at, body), Submission.class);
    }

    private <T> CompletableFuture<T> later(String bearer, String at, TypeReference<T> type) {
        return background.supplyAsync(() -> bounties.get(bearer, at, type));
    }
}
