package io.envhub.web.bounty;

import io.envhub.contract.api.HubEvalRun;
import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.HubEvalLink;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.web.evaluation.EvalClient;
import io.envhub.web.evaluation.HubRunForm;
import io.envhub.web.evaluation.HubRunView;
import io.envhub.web.settings.ApiProblem;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * A hub-run evaluation of a submission, asked for by the bounty's sponsor from the review page (issue 33): hub-backend
 * runs the submitted version with the sponsor's own model endpoint; bounty-service keeps the run's id on the submitted
 * version ({@code hubEvalRunId}, shown to the sponsor only) so the review page can show the run's progress and result.
 */
@ApplicationScoped
public class ReviewHubRun {
    private final EvalClient runs;
    private final BountyClient bounties;

    public ReviewHubRun(EvalClient runs, BountyClient bounties) {
        this.runs = runs;
        this.bounties = bounties;
    }

    /** Whether the viewer is the bounty's sponsor: only they are offered the form. */
    static boolean sponsor(Bounty bounty, String username) {
        return username != null && !username.isEmpty() && username.equals(bounty.sponsor());
    }

    /**
     * The linked run's progress as the sponsor may read it, or null when none was asked for; a run hub-backend no
     * longer knows (or the API refusing) reads as a run with that error.
     */
    HubRunView status(String bearer, Submission submission) {
        String id = submission.hubEvalRunId();
        if (id == null || id.isBlank() || submission.environment() == null || !submission.environment().contains("/")) {
            return null;
        }
        String owner = owner(submission);
        String name = name(submission);
        HubEvalRun run;
        try {
            run = ApiProblem.call(() -> runs.hubRun(bearer, owner, name, submission.version(), id));
        } catch (ApiProblem.Refused e) {
            run = new HubEvalRun(id, null, null, null, null, HubEvalRun.PROVENANCE, null, e.problem().detail(), null);
        }
        return new HubRunView(run, owner, name, submission.version(), false, null);
    }

    /**
     * Starts the run on hub-backend for the submission's current version and links it to the submission; the form
     * comes back with the refusal (next to its field or above the form) when either service says no.
     *
     * @return the form with its errors, empty when the run was started and linked
     */
    HubRunForm start(String bearer, long subId, Submission submission, HubRunForm typed, String apiKey) {
        HubRunForm form = typed.checked(apiKey);
        if (!form.errors().isEmpty()) {
            return form;
        }
        HubEvalRun started;
        try {
            started = ApiProblem.call(() -> runs.start(bearer, owner(submission), name(submission), submission.version(),
                    form.request(apiKey)));
            ApiProblem.call(() -> bounties.linkHubEval(bearer, subId, new HubEvalLink(started.id())));
        } catch (ApiProblem.Refused e) {
            return form.refused(e.problem());
        }
        return form;
    }

    private static String owner(Submission s) {
        return s.environment().substring(0, s.environment().indexOf('/'));
    }

    private static String name(Submission s) {
        return s.environment().substring(s.environment().indexOf('/') + 1);
    }
}
