package io.envhub.bounty.submission;

import io.envhub.contract.bounty.SubmissionStatus;
import io.envhub.bounty.access.Actor;
import io.envhub.bounty.application.Application;
import io.envhub.bounty.bounty.Bounty;
import io.envhub.bounty.bounty.BountyService;
import io.envhub.bounty.bounty.BountyViews.Award;
import io.envhub.bounty.bounty.Participation;
import io.envhub.bounty.submission.SubmissionViews.ChecklistItem;
import io.envhub.bounty.submission.SubmissionViews.ReviewView;
import io.envhub.bounty.submission.SubmissionViews.SubmissionView;
import io.envhub.bounty.submission.SubmissionViews.VersionView;
import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads submissions as the caller may see them: everything is public except reviews in progress, which only the
 * submitter, the bounty's sponsor and admins see until the submission is approved or rejected.
 */
@ApplicationScoped
public class SubmissionReader implements Participation {
    private static final Set<String> DECIDED = Set.of(SubmissionStatus.APPROVED.wire(), SubmissionStatus.REJECTED.wire());
    private static final Set<String> SUBMITTER_ACTIONS = Set.of("resubmit", "withdraw");
    private static final Set<String> REVIEWER_ACTIONS = Set.of("start_review", "approve", "request_changes", "reject");

    /** A bounty's submissions, oldest first. */
    @Transactional
    public List<SubmissionView> ofBounty(long bountyId, Actor actor) {
        Bounty b = BountyService.visible(bountyId, actor);
        return Submission.<Submission>list("bountyId = ?1 ORDER BY id", bountyId).stream().map(s -> view(s, b, actor)).toList();
    }

    /** One submission (404 when its bounty is a draft the caller may not see). */
    @Transactional
    public SubmissionView one(long submissionId, Actor actor) {
        Submission s = Submission.findById(submissionId);
        if (s == null) {
            throw new ApiException.NotFound("Submission " + submissionId + " does not exist.");
        }
        return view(s, BountyService.visible(s.bountyId, actor), actor);
    }

    /** The caller's own submissions, newest first. */
    @Transactional
    public List<SubmissionView> mine(Actor actor) {
        actor.requireSignedIn();
        Map<Long, Bounty> bounties = new HashMap<>();
        return Submission.<Submission>list("submitterSubject = ?1 ORDER BY id DESC", actor.subject()).stream()
                .map(s -> view(s, bounties.computeIfAbsent(s.bountyId, id -> Bounty.<Bounty>findById(id)), actor)).toList();
    }

    /**
     * The approved submissions whose awarded (latest) version is of {@code environment} ({@code owner/name}), oldest
     * award first: the "submitted to bounty X (approved)" line of an environment page.
     */
    @Transactional
    public List<SubmissionView> approvedOf(String environment, Actor actor) {
        List<SubmissionView> out = new ArrayList<>();
        for (Submission s : Submission.<Submission>list("status = 'approved' AND id IN (SELECT v.submissionId FROM "
                + "SubmissionVersion v WHERE v.environment = ?1) ORDER BY approvedAt, id", environment)) {
            if (environment.equals(SubmissionVersion.latest(s.id).environment)) {
                out.add(view(s, Bounty.findById(s.bountyId), actor));
            }
        }
        return out;
    }

    /** The view of a submission for the caller. */
    public SubmissionView view(Submission s, Bounty b, Actor actor) {
        List<SubmissionVersion> versions = SubmissionVersion.of(s.id);
        SubmissionVersion latest = versions.get(versions.size() - 1);
        boolean insider = actor.is(s.submitterSubject) || BountyService.mayManage(b, actor);
        List<ReviewView> reviews = List.of();
        if (insider || DECIDED.contains(s.status)) {
            Map<Long, Integer> numbers = new HashMap<>();
            versions.forEach(v -> numbers.put(v.id, v.number));
            reviews = Review.of(s.id).stream().map(r -> new ReviewView(r.id, r.reviewerUsername, r.decision, r.comment,
                    numbers.getOrDefault(r.submissionVersionId, 0),
                    r.checklist.stream().map(t -> new ChecklistItem(t.criterion, t.met)).toList(), r.createdAt)).toList();
        }
        List<VersionView> history = versions.stream()
                .map(v -> new VersionView(v.number, v.environment, v.version, v.sha256, v.submittedAt)).toList();
        return new SubmissionView(s.id, s.bountyId, b.title, s.status, s.submitterUsername, latest.environment, latest.version,
                latest.sha256, s.createdAt, s.updatedAt, history, reviews, allowedActions(s, b, actor),
                BountyService.mayManage(b, actor) ? latest.hubEvalRunId : null);
    }

    @Override
    @Transactional
    public List<Award> awardsOf(long bountyId) {
        List<Award> out = new ArrayList<>();
        for (Submission s : Submission.<Submission>list("bountyId = ?1 AND status = 'approved' ORDER BY approvedAt, id", bountyId)) {
            SubmissionVersion v = SubmissionVersion.latest(s.id);
            out.add(new Award(s.id, s.submitterUsername, v.environment, v.version, v.sha256, s.approvedAt));
        }
        return out;
    }

    @Override
    @Transactional
    public boolean acceptedApplicant(long bountyId, String subject) {
        return Application.accepted(bountyId, subject);
    }

    private static List<String> allowedActions(Submission s, Bounty b, Actor actor) {
        List<String> out = new ArrayList<>();
        for (String action : Machine.SUBMISSION.allowed(s.status)) {
            if (actor.is(s.submitterSubject) && SUBMITTER_ACTIONS.contains(action)
                    || BountyService.mayManage(b, actor) && !actor.is(s.submitterSubject) && REVIEWER_ACTIONS.contains(action)) {
                out.add(action);
            }
        }
        return out;
    }
}
