package io.envhub.bounty.submission;

import io.envhub.contract.bounty.BountyStatus;
import io.envhub.contract.bounty.SubmissionStatus;
import io.envhub.bounty.access.Actor;
import io.envhub.bounty.audit.AuditLog;
import io.envhub.bounty.bounty.Bounty;
import io.envhub.bounty.bounty.Escrow;
import io.envhub.bounty.submission.SubmissionViews.SubmissionView;
import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * The approval of a submission: the one transaction in which an award is given. The bounty row is locked first, so
 * concurrent approvals of one bounty run one after the other: max awards are never exceeded (and a CHECK constraint
 * backs this up). This is where the money flow plugs in: the ledger posting and the payout row are written here, in
 * the same transaction.
 */
@ApplicationScoped
public class AwardService {
    private final SubmissionReader reader;
    private final AuditLog audit;
    private final AwardPayout payouts;
    private final Escrow escrow;
    private final SubmissionEvents events;

    public AwardService(SubmissionReader reader, AuditLog audit, AwardPayout payouts, Escrow escrow, SubmissionEvents events) {
        this.events = events;
        this.reader = reader;
        this.audit = audit;
        this.payouts = payouts;
        this.escrow = escrow;
    }

    /**
     * Approves the submission's version {@code versionId} (the bounty row locked first): 409 {@code bounty-fully-awarded}
     * when no award is left; an already approved submission answers the same and records nothing.
     */
    @Transactional
    public SubmissionView approve(long bountyId, long submissionId, long versionId, String comment, List<Review.Tick> checklist,
                                  Actor actor) {
        Bounty b = Bounty.lockedById(bountyId).orElseThrow();
        Submission s = Submission.lockedById(submissionId).orElseThrow();
        if (SubmissionStatus.APPROVED.is(s.status)) {
            return reader.view(s, b, actor);
        }
        String from = s.status;
        String to = Machine.SUBMISSION.next(from, "approve");
        if (SubmissionVersion.latest(s.id).id != versionId) {
            throw new ApiException.Conflict(ProblemCode.VERSION_CHANGED, "A new version was submitted while you reviewed; review it.");
        }
        if (b.awardsLeft() == 0 || BountyStatus.AWARDED.is(b.status)) {
            throw new ApiException.Conflict(ProblemCode.BOUNTY_FULLY_AWARDED, "Bounty " + b.id + " has given all its " + b.maxAwards
                    + " award(s).");
        }
        Machine.BOUNTY.next(b.status, "review");
        s.status = to;
        s.updatedAt = SubmissionService.now();
        s.approvedAt = s.updatedAt;
        b.awardsGiven++;
        b.updatedAt = s.updatedAt;
        ReviewService.record(s, versionId, "approve", comment, checklist, actor);
        audit.record(b.id, "submission", s.id, "approve", actor, from, to);
        if (b.awardsLeft() == 0) {
            String bountyFrom = b.status;
            b.status = Machine.BOUNTY.next(bountyFrom, "award_last");
            b.closedAt = s.updatedAt;
            audit.record(b.id, "bounty", b.id, "award_last", actor, bountyFrom, b.status);
        }
        // money: one reward from escrow to the submitter's payable account, and the pending payout, in this transaction
        payouts.award(b, s, actor);
        escrow.settle(b, actor.username(), "award");
        SubmissionView view = reader.view(s, b, actor);
        events.reviewed(b, view, "approve");
        return view;
    }
}
