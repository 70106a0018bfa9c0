package io.envhub.bounty.application;

import io.envhub.bounty.event.Outbox;
import io.envhub.contract.event.NotificationKind;
import io.envhub.contract.event.EventType;
import io.envhub.bounty.persistence.RowLocks;
import io.envhub.bounty.access.Actor;
import io.envhub.bounty.application.ApplicationViews.ApplicationView;
import io.envhub.bounty.audit.AuditLog;
import io.envhub.bounty.bounty.Bounty;
import io.envhub.bounty.bounty.BountyService;
import io.envhub.bounty.bounty.Domains;
import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

/**
 * Applications to application-only bounties: apply (with a proposal), decide (sponsor or admin), withdraw (applicant).
 * Proposals are read only by the applicant, the bounty's sponsor and admins.
 */
@ApplicationScoped
public class ApplicationService {
    /** Largest proposal, in bytes of UTF-8. */
    public static final int MAX_PROPOSAL_BYTES = 10 * 1024;
    private static final Map<String, String> DECISIONS = Map.of("accept", "accept", "reject", "reject");

    private final AuditLog audit;
    private final Outbox outbox;

    public ApplicationService(AuditLog audit, Outbox outbox) {
        this.audit = audit;
        this.outbox = outbox;
    }

    /** The caller applies to an open application-only bounty. */
    @Transactional
    public ApplicationView apply(long bountyId, String proposal, Actor actor) {
        actor.requireContributor();
        Bounty b = BountyService.visible(bountyId, actor);
        if (actor.is(b.sponsorSubject)) {
            throw new ApiException.Forbidden(ProblemCode.SELF_DEALING, "You cannot apply to your own bounty.");
        }
        Machine.BOUNTY.next(b.status, "apply");
        if (!Domains.APPLICATION_ONLY.equals(b.tier)) {
            throw new ApiException.Conflict(ProblemCode.NOT_APPLICATION_ONLY, "Bounty " + bountyId + " is open access: submit directly, "
                    + "no application needed.");
        }
        requireBeforeDeadline(b);
        if (proposal == null || proposal.isBlank()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_PROPOSAL, "A proposal (Markdown) is required.");
        }
        if (proposal.getBytes(StandardCharsets.UTF_8).length > MAX_PROPOSAL_BYTES) {
            throw new ApiException.Invalid(ProblemCode.PROPOSAL_TOO_LONG, "A proposal is at most 10 KB.");
        }
        if (Application.count("bountyId = ?1 AND applicantSubject = ?2 AND status IN ('pending', 'accepted')", bountyId,
                actor.subject()) > 0) {
            throw new ApiException.Conflict(ProblemCode.ALREADY_APPLIED, "You already have a pending or accepted application to bounty "
                    + bountyId + ".");
        }
        Application a = new Application();
        a.bountyId = bountyId;
        a.applicantSubject = actor.subject();
        a.applicantUsername = actor.username();
        a.proposal = proposal;
        a.persistAndFlush();
        audit.record(bountyId, "application", a.id, "apply", actor, null, a.status);
        ApplicationView applied = view(a, b, actor);
        outbox.emit(EventType.APPLICATION_SUBMITTED, b.id, b.sponsorUsername, applied, Outbox.tell(b.sponsorUsername,
                NotificationKind.NEW_APPLICATION, a.applicantUsername + " applied to \"" + b.title + "\"", "/sponsor"));
        return applied;
    }

    /** A bounty's applications: for its sponsor and admins. */
    @Transactional
    public List<ApplicationView> list(long bountyId, Actor actor) {
        actor.requireSignedIn();
        Bounty b = BountyService.visible(bountyId, actor);
        if (!BountyService.mayManage(b, actor)) {
            throw new ApiException.Forbidden("Only the sponsor of bounty " + bountyId + " (and admins) see its applications.");
        }
        return Application.<Application>list("bountyId = ?1 ORDER BY id", bountyId).stream().map(a -> view(a, b, actor)).toList();
    }

    /** The sponsor or an admin accepts or rejects a pending application. */
    @Transactional
    public ApplicationView decide(long bountyId, long appId, String decision, String comment, Actor actor) {
        actor.requireSignedIn();
        Bounty b = BountyService.visible(bountyId, actor);
        Application a = find(bountyId, appId);
        if (!BountyService.mayManage(b, actor)) {
            throw new ApiException.Forbidden("Only the sponsor of bounty " + bountyId + " (and admins) decide applications.");
        }
        if (actor.is(a.applicantSubject)) {
            throw new ApiException.Forbidden(ProblemCode.SELF_DEALING, "You cannot decide your own application.");
        }
        String action = decision == null ? null : DECISIONS.get(decision);
        if (action == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_DECISION, "decision must be accept or reject.");
        }
        String from = a.status;
        a.status = Machine.APPLICATION.next(from, action);
        a.decisionComment = comment;
        a.decidedBy = actor.username();
        a.decidedAt = OffsetDateTime.now(ZoneOffset.UTC);
        audit.record(bountyId, "application", a.id, action, actor, from, a.status);
        ApplicationView decided = view(a, b, actor);
        outbox.emit(EventType.APPLICATION_DECIDED, b.id, b.sponsorUsername, decided, Outbox.tell(a.applicantUsername,
                NotificationKind.APPLICATION_DECIDED, "Your application to \"" + b.title + "\" was " + a.status, "/bounties/" + b.id));
        return decided;
    }

    /** The applicant withdraws a pending or accepted application. */
    @Transactional
    public ApplicationView withdraw(long bountyId, long appId, Actor actor) {
        actor.requireSignedIn();
        Bounty b = BountyService.visible(bountyId, actor);
        Application a = find(bountyId, appId);
        if (!actor.is(a.applicantSubject)) {
            throw new ApiException.Forbidden("Only the applicant may withdraw an application.");
        }
        String from = a.status;
        a.status = Machine.APPLICATION.next(from, "withdraw");
        audit.record(bountyId, "application", a.id, "withdraw", actor, from, a.status);
        return view(a, b, actor);
    }

    /** The caller's own applications, newest first. */
    @Transactional
    public List<ApplicationView> mine(Actor actor) {
        actor.requireSignedIn();
        return Application.<Application>list("applicantSubject = ?1 ORDER BY id DESC", actor.subject()).stream()
                .map(a -> view(a, Bounty.<Bounty>findById(a.bountyId), actor)).toList();
    }

    private static Application find(long bountyId, long appId) {
        Application a = RowLocks.lockedById(Application.class, appId).orElse(null);
        if (a == null || a.bountyId != bountyId) {
            throw new ApiException.NotFound("Application " + appId + " of bounty " + bountyId + " does not exist.");
        }
        return a;
    }

    private static void requireBeforeDeadline(Bounty b) {
        if (!b.deadline.isAfter(OffsetDateTime.now(ZoneOffset.UTC))) {
            throw new ApiException.Conflict(ProblemCode.DEADLINE_PASSED, "The deadline of bounty " + b.id + " (" + b.deadline
                    + ") has passed.");
        }
    }

    private static ApplicationView view(Application a, Bounty b, Actor actor) {
        boolean mayRead = actor.is(a.applicantSubject) || BountyService.mayManage(b, actor);
        return new ApplicationView(a.id, a.bountyId, b.title, a.status, a.applicantUsername, mayRead ? a.proposal : null,
                a.decisionComment, a.decidedBy, a.createdAt, a.decidedAt);
    }
}
