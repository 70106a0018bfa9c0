package io.envhub.bounty.submission;

import io.envhub.bounty.access.Actor;
import io.envhub.bounty.application.Application;
import io.envhub.bounty.audit.AuditLog;
import io.envhub.bounty.bounty.Bounty;
import io.envhub.bounty.bounty.Escrow;
import io.envhub.bounty.bounty.BountyService;
import io.envhub.bounty.bounty.Domains;
import io.envhub.contract.bountyfacts.VersionFacts;
import io.envhub.bounty.submission.SubmissionViews.SubmissionView;
import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * Submitting an environment version to a bounty, answering "changes requested" with a new version, withdrawing, and
 * a reviewer taking a submission into review. hub-backend is asked about the version before anything is written.
 */
@ApplicationScoped
public class SubmissionService {
    private final VersionCheck versions;
    private final SubmissionReader reader;
    private final AuditLog audit;
    private final Escrow escrow;
    private final SubmissionEvents events;

    public SubmissionService(VersionCheck versions, SubmissionReader reader, AuditLog audit, Escrow escrow,
                             SubmissionEvents events) {
        this.events = events;
        this.versions = versions;
        this.reader = reader;
        this.audit = audit;
        this.escrow = escrow;
    }

    /** The caller submits {@code environment@version} to a bounty. */
    public SubmissionView submit(long bountyId, String environment, String version, Actor actor) {
        actor.requireContributor();
        Bounty b = mayParticipate(bountyId, actor);
        VersionCheck.Ref ref = VersionCheck.parse(environment);
        VersionFacts facts = versions.eligible(ref, version, actor.subject());
        VersionCheck.requireTags(b, ref, facts);
        return record(bountyId, ref, facts, actor);
    }

    @Transactional
    SubmissionView record(long bountyId, VersionCheck.Ref ref, VersionFacts facts, Actor actor) {
        // the bounty row locked: a close/cancel running now either sees this submission (and keeps its reserve in
        // escrow) or commits first, and then this one sees the bounty closed
        Bounty.lockedById(bountyId);
        Bounty b = mayParticipate(bountyId, actor);
        if (Submission.count("bountyId = ?1 AND submitterSubject = ?2 AND status IN "
                + "('submitted', 'in_review', 'changes_requested', 'approved')", bountyId, actor.subject()) > 0) {
            throw new ApiException.Conflict(ProblemCode.ALREADY_SUBMITTED, "You already have a submission to bounty " + bountyId
                    + "; answer a change request with a new version on it (POST /api/v1/submissions/{id}/versions).");
        }
        Submission s = new Submission();
        s.bountyId = bountyId;
        s.submitterSubject = actor.subject();
        s.submitterUsername = actor.username();
        s.updatedAt = now();
        s.persistAndFlush();
        addVersion(s, 1, ref, facts);
        audit.record(bountyId, "submission", s.id, "submit", actor, null, s.status);
        SubmissionView view = reader.view(s, b, actor);
        events.submitted(b, view);
        return view;
    }

    /**
     * The sponsor (or an admin) links the hub-run evaluation they started on hub-backend to the submission's current
     * version (issue 33): the review page then shows its progress and result. A later request replaces the link.
     */
    @Transactional
    public SubmissionView linkHubEval(long submissionId, String runId, Actor actor) {
        actor.requireSignedIn();
        Submission s = Submission.lockedById(submissionId)
                .orElseThrow(() -> new ApiException.NotFound("Submission " + submissionId + " does not exist."));
        Bounty b = BountyService.visible(s.bountyId, actor);
        if (!BountyService.mayManage(b, actor) || actor.is(s.submitterSubject)) {
            throw new ApiException.Forbidden("Only the sponsor of bounty " + b.id + " (and admins) may ask for a hub-run "
                    + "evaluation of its submissions.");
        }
        if (runId == null || !runId.matches("[0-9A-Za-z-]{1,64}")) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "runId must be the id of a hub-run evaluation "
                    + "(letters, digits and dashes, at most 64).");
        }
        SubmissionVersion latest = SubmissionVersion.latest(s.id);
        String before = latest.hubEvalRunId;
        latest.hubEvalRunId = runId;
        latest.hubEvalRequestedBy = actor.username();
        latest.hubEvalRequestedAt = now();
        audit.record(s.bountyId, "submission", s.id, "hub_eval", actor, before, runId);
        return reader.view(s, b, actor);
    }

    /** The submitter answers "changes requested" with a new version (the history is kept). */
    public SubmissionView resubmit(long submissionId, String environment, String version, Actor actor) {
        actor.requireContributor();
        Submission s = own(Submission.findById(submissionId), submissionId, actor);
        Machine.SUBMISSION.next(s.status, "resubmit");
        Bounty b = mayParticipate(s.bountyId, actor);
        VersionCheck.Ref ref = VersionCheck.parse(environment == null ? SubmissionVersion.latest(s.id).environment : environment);
        VersionFacts facts = versions.eligible(ref, version, actor.subject());
        VersionCheck.requireTags(b, ref, facts);
        return recordVersion(submissionId, ref, facts, actor);
    }

    @Transactional
    SubmissionView recordVersion(long submissionId, VersionCheck.Ref ref, VersionFacts facts, Actor actor) {
        Bounty.lockedById(Submission.<Submission>findById(submissionId).bountyId);   // bounty before submission, as everywhere
        Submission s = Submission.lockedById(submissionId).orElseThrow();
        Bounty b = mayParticipate(s.bountyId, actor);
        String from = s.status;
        s.status = Machine.SUBMISSION.next(from, "resubmit");
        s.updatedAt = now();
        addVersion(s, SubmissionVersion.latest(s.id).number + 1, ref, facts);
        audit.record(s.bountyId, "submission", s.id, "resubmit", actor, from, s.status);
        SubmissionView view = reader.view(s, b, actor);
        events.submitted(b, view);
        return view;
    }

    /** The submitter withdraws a submission that is not decided yet. */
    @Transactional
    public SubmissionView withdraw(long submissionId, Actor actor) {
        actor.requireSignedIn();
        Submission found = Submission.findById(submissionId);
        Bounty b = found == null ? null : Bounty.lockedById(found.bountyId).orElse(null);   // bounty before submission, as approvals lock
        Submission s = own(Submission.lockedById(submissionId).orElse(null), submissionId, actor);
        String from = s.status;
        s.status = Machine.SUBMISSION.next(from, "withdraw");
        s.updatedAt = now();
        audit.record(s.bountyId, "submission", s.id, "withdraw", actor, from, s.status);
        Submission.flush();
        escrow.settle(b, actor.username(), "withdraw");   // a closed bounty no longer reserves for a withdrawn submission
        return reader.view(s, b, actor);
    }

    /** The sponsor or an admin takes a submitted submission into review. */
    @Transactional
    public SubmissionView startReview(long submissionId, Actor actor) {
        Submission s = ReviewService.reviewable(Submission.lockedById(submissionId).orElse(null), submissionId, actor);
        Bounty b = Bounty.findById(s.bountyId);
        String from = s.status;
        s.status = Machine.SUBMISSION.next(from, "start_review");
        s.updatedAt = now();
        audit.record(s.bountyId, "submission", s.id, "start_review", actor, from, s.status);
        return reader.view(s, b, actor);
    }

    /** The bounty, if the caller may submit to it now: open, before the deadline, not theirs, accepted if application-only. */
    private static Bounty mayParticipate(long bountyId, Actor actor) {
        Bounty b = BountyService.visible(bountyId, actor);
        if (actor.is(b.sponsorSubject)) {
            throw new ApiException.Forbidden(ProblemCode.SELF_DEALING, "You cannot submit to your own bounty.");
        }
        Machine.BOUNTY.next(b.status, "submit");
        if (!b.deadline.isAfter(now())) {
            throw new ApiException.Conflict(ProblemCode.DEADLINE_PASSED, "The deadline of bounty " + b.id + " (" + b.deadline
                    + ") has passed.");
        }
        if (Domains.APPLICATION_ONLY.equals(b.tier) && !Application.accepted(bountyId, actor.subject())) {
            throw new ApiException.Forbidden(ProblemCode.NOT_ACCEPTED, "Bounty " + b.id + " is application-only: only accepted applicants "
                    + "may submit.");
        }
        return b;
    }

    private static Submission own(Submission s, long submissionId, Actor actor) {
        if (s == null || Bounty.<Bounty>findById(s.bountyId) == null) {
            throw new ApiException.NotFound("Submission " + submissionId + " does not exist.");
        }
        if (!actor.is(s.submitterSubject)) {
            throw new ApiException.Forbidden("Only the submitter may do this.");
        }
        return s;
    }

    private static void addVersion(Submission s, int number, VersionCheck.Ref ref, VersionFacts facts) {
        SubmissionVersion v = new SubmissionVersion();
        v.submissionId = s.id;
        v.number = number;
        v.environment = ref.text();
        v.version = facts.version();
        v.sha256 = facts.sha256();
        v.persist();
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
