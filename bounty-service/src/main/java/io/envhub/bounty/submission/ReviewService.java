package io.envhub.bounty.submission;

import io.envhub.contract.bounty.SubmissionStatus;
import io.envhub.bounty.access.Actor;
import io.envhub.bounty.audit.AuditLog;
import io.envhub.bounty.bounty.Bounty;
import io.envhub.bounty.bounty.BountyService;
import io.envhub.bounty.bounty.Escrow;
import io.envhub.bounty.submission.SubmissionViews.ReviewRequest;
import io.envhub.bounty.submission.SubmissionViews.SubmissionView;
import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reviews: the bounty's sponsor or an admin (never the submitter) approves, requests changes or rejects, ticking the
 * acceptance checklist. Approval goes through {@link AwardService}; approving an approved submission again answers the
 * same and records nothing.
 */
@ApplicationScoped
public class ReviewService {
    private static final Set<String> DECISIONS = Set.of("approve", "request_changes", "reject");
    private static final int MAX_COMMENT = 20_000;

    private final AwardService awards;
    private final VersionCheck versions;
    private final SubmissionReader reader;
    private final AuditLog audit;
    private final Escrow escrow;

    private final SubmissionEvents events;

    public ReviewService(AwardService awards, VersionCheck versions, SubmissionReader reader, AuditLog audit, Escrow escrow,
                         SubmissionEvents events) {
        this.events = events;
        this.awards = awards;
        this.versions = versions;
        this.reader = reader;
        this.audit = audit;
        this.escrow = escrow;
    }

    /** Records a review (and its transition). */
    public SubmissionView review(long submissionId, ReviewRequest req, Actor actor) {
        Submission s = reviewable(Submission.findById(submissionId), submissionId, actor);
        Bounty b = Bounty.findById(s.bountyId);
        if (req == null || req.decision() == null || !DECISIONS.contains(req.decision())) {
            throw new ApiException.Invalid(ProblemCode.INVALID_DECISION, "decision must be approve, request_changes or reject.");
        }
        String comment = req.comment() == null ? "" : req.comment();
        if (comment.length() > MAX_COMMENT) {
            throw new ApiException.Invalid(ProblemCode.INVALID_COMMENT, "A comment is at most " + MAX_COMMENT + " characters.");
        }
        List<Review.Tick> checklist = checklist(b, req.checklist());
        if ("approve".equals(req.decision())) {
            if (SubmissionStatus.APPROVED.is(s.status)) {
                return reader.view(s, b, actor);
            }
            Machine.SUBMISSION.next(s.status, "approve");
            SubmissionVersion v = SubmissionVersion.latest(s.id);
            var facts = versions.current(VersionCheck.parse(v.environment), v.version);
            if (!v.sha256.equals(facts.sha256())) {
                throw new ApiException.Conflict(ProblemCode.VERSION_CHANGED, v.environment + "@" + v.version + " no longer has the "
                        + "reviewed bytes (sha256 " + v.sha256 + ").");
            }
            return awards.approve(s.bountyId, submissionId, v.id, comment, checklist, actor);
        }
        return decide(submissionId, req.decision(), comment, checklist, actor);
    }

    @Transactional
    SubmissionView decide(long submissionId, String decision, String comment, List<Review.Tick> checklist, Actor actor) {
        Bounty b = Bounty.lockedById(Submission.<Submission>findById(submissionId).bountyId).orElseThrow();
        Submission s = Submission.lockedById(submissionId).orElseThrow();
        String from = s.status;
        String to = Machine.SUBMISSION.next(from, decision);
        Machine.BOUNTY.next(b.status, "review");
        s.status = to;
        s.updatedAt = SubmissionService.now();
        record(s, SubmissionVersion.latest(s.id).id, decision, comment, checklist, actor);
        audit.record(s.bountyId, "submission", s.id, decision, actor, from, s.status);
        Submission.flush();
        escrow.settle(b, actor.username(), decision);   // a closed bounty no longer reserves for a rejected submission
        SubmissionView view = reader.view(s, b, actor);
        events.reviewed(b, view, decision);
        return view;
    }

    /** Writes the review row with its checklist. */
    static void record(Submission s, long versionId, String decision, String comment, List<Review.Tick> checklist, Actor actor) {
        Review r = new Review();
        r.submissionId = s.id;
        r.submissionVersionId = versionId;
        r.reviewerSubject = actor.subject();
        r.reviewerUsername = actor.username();
        r.decision = decision;
        r.comment = comment;
        r.checklist = new ArrayList<>(checklist);
        r.persist();
    }

    /** The submission {@code s} (null: 404), if the caller may review it: the bounty's sponsor or an admin, not the submitter. */
    static Submission reviewable(Submission s, long submissionId, Actor actor) {
        actor.requireSignedIn();
        if (s == null) {
            throw new ApiException.NotFound("Submission " + submissionId + " does not exist.");
        }
        Bounty b = BountyService.visible(s.bountyId, actor);
        if (!BountyService.mayManage(b, actor)) {
            throw new ApiException.Forbidden("Only the sponsor of bounty " + b.id + " (and admins) review its submissions.");
        }
        if (actor.is(s.submitterSubject)) {
            throw new ApiException.Forbidden(ProblemCode.SELF_DEALING, "You cannot review your own submission.");
        }
        return s;
    }

    private static List<Review.Tick> checklist(Bounty b, List<Boolean> ticks) {
        if (ticks == null || ticks.size() != b.criteria.size() || ticks.contains(null)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_CHECKLIST, "checklist needs one true/false per acceptance criterion ("
                    + b.criteria.size() + "), in order.");
        }
        List<Review.Tick> out = new ArrayList<>();
        for (int i = 0; i < ticks.size(); i++) {
            out.add(new Review.Tick(b.criteria.get(i), ticks.get(i)));
        }
        return out;
    }
}
