package io.envhub.bounty.payout;

import io.envhub.bounty.event.Outbox;
import io.envhub.contract.event.NotificationKind;
import io.envhub.contract.event.EventType;
import io.envhub.bounty.BountyConfig;
import io.envhub.bounty.access.Actor;
import io.envhub.bounty.audit.AuditLog;
import io.envhub.bounty.bounty.Bounty;
import io.envhub.bounty.ledger.Accounts;
import io.envhub.bounty.ledger.Ledger;
import io.envhub.bounty.submission.AwardPayout;
import io.envhub.bounty.submission.Submission;
import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.bounty.PayoutStatus;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * Payouts from approval to confirmation. Approval (in its own transaction) moves one reward from escrow to the
 * contributor's payable account (less the platform fee) and writes the pending payout; confirmation moves the amount
 * from payable through paid:user to external:payouts. Failure moves no money (it stays payable); retry makes the payout
 * pending again with the next attempt number.
 */
@ApplicationScoped
public class PayoutService implements AwardPayout {
    private final Ledger ledger;
    private final BountyConfig config;
    private final Outbox outbox;
    private final AuditLog audit;

    public PayoutService(Ledger ledger, BountyConfig config, Outbox outbox, AuditLog audit) {
        this.audit = audit;
        this.outbox = outbox;
        this.ledger = ledger;
        this.config = config;
    }

    /** The idempotency key of a submission's payout. */
    public static String keyOf(long submissionId) {
        return "envhub-payout-submission-" + submissionId;
    }

    /** Posts the award and writes its pending payout, in the approval's transaction (bounty row locked by the caller). */
    @Override
    @Transactional(Transactional.TxType.MANDATORY)
    public void award(Bounty b, Submission s, Actor actor) {
        long fee = Math.multiplyExact(b.rewardMinor, (long) config.feeBasisPoints()) / 10_000;
        long net = b.rewardMinor - fee;
        ledger.post(new Ledger.Posting("approve", actor.username(), "submission:" + s.id, b.id, s.id, null), b.currency,
                List.of(new Ledger.Leg(Accounts.escrow(b.id), -b.rewardMinor), new Ledger.Leg(Accounts.payable(s.submitterSubject), net),
                        new Ledger.Leg(Accounts.PLATFORM_FEES, fee)));
        Payout p = new Payout();
        p.submissionId = s.id;
        p.bountyId = b.id;
        p.payeeSubject = s.submitterSubject;
        p.payeeUsername = s.submitterUsername;
        p.amountMinor = net;
        p.currency = b.currency;
        p.idempotencyKey = keyOf(s.id);
        p.provider = config.payout().provider();
        p.persist();
    }

    /**
     * Confirms a pending or sent payout with the payment's external reference and posts it; confirming a confirmed
     * payout again with the same reference answers the same (another reference: 409).
     */
    @Transactional
    public Payout confirm(long id, String reference, String actor) {
        String ref = reference == null ? "" : reference.strip();
        if (ref.isEmpty() || ref.length() > 200) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REFERENCE, "reference (e.g. the bank transfer id) is 1 to 200 characters.");
        }
        Payout p = locked(id);
        if (PayoutStatus.CONFIRMED.is(p.status)) {
            if (ref.equals(p.externalReference)) {
                return p;
            }
            throw new ApiException.Conflict(ProblemCode.PAYOUT_ALREADY_CONFIRMED, "Payout " + id + " was already confirmed with reference "
                    + p.externalReference + ".");
        }
        if (!Machine.PAYOUT.allows(p.status, "confirm")) {
            throw new ApiException.Conflict(ProblemCode.ILLEGAL_TRANSITION, "Cannot confirm: the payout is " + p.status
                    + "; retry it first.");
        }
        ledger.post(new Ledger.Posting("payout", actor, ref, p.bountyId, p.submissionId, "payout " + p.id), p.currency,
                List.of(new Ledger.Leg(Accounts.payable(p.payeeSubject), -p.amountMinor),
                        new Ledger.Leg(Accounts.paid(p.payeeSubject), p.amountMinor),
                        new Ledger.Leg(Accounts.paid(p.payeeSubject), -p.amountMinor),
                        new Ledger.Leg(Accounts.EXTERNAL_PAYOUTS, p.amountMinor)));
        String from = p.status;
        p.status = Machine.PAYOUT.next(from, "confirm");
        audit.recordMoney(p.bountyId, "payout", p.id, "payout.confirm", actor, from, p.status, p.amountMinor + " "
                + p.currency + " (minor units) to " + p.payeeUsername + ", reference " + ref);
        p.externalReference = ref;
        p.confirmedAt = Payout.now();
        p.confirmedBy = actor;
        p.updatedAt = p.confirmedAt;
        p.leaseOwner = null;
        p.leaseUntil = null;
        confirmed(p);
        return p;
    }

    /** {@code payout.confirmed}, in the confirmation's transaction: the payee is told. */
    private void confirmed(Payout p) {
        Bounty b = Bounty.findById(p.bountyId);
        String title = b == null ? "bounty " + p.bountyId : b.title;
        outbox.emit(EventType.PAYOUT_CONFIRMED, p.bountyId, b == null ? null : b.sponsorUsername, new PayoutViews.PayoutView(p.id,
                        p.bountyId, title, p.submissionId, p.payeeUsername, p.amountMinor, p.currency, p.status, p.idempotencyKey,
                        p.attempt, p.provider, p.externalReference, p.failure, p.createdAt, p.sentAt, p.confirmedAt, p.confirmedBy,
                        p.failedAt),
                Outbox.tell(p.payeeUsername, NotificationKind.PAYOUT_CONFIRMED, "Your payout for \"" + title + "\" was confirmed ("
                        + p.amountMinor + " " + p.currency + " in minor units, reference " + p.externalReference + ")", "/me/earnings"));
    }

    /** Marks a pending or sent payout failed (the amount stays payable to the contributor). */
    @Transactional
    public Payout fail(long id, String reason, String actor) {
        String why = reason == null || reason.isBlank() ? "marked failed by " + actor : reason.strip();
        if (why.length() > 1000) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REASON, "reason is at most 1000 characters.");
        }
        Payout p = locked(id);
        if (PayoutStatus.FAILED.is(p.status)) {
            return p;
        }
        if (!Machine.PAYOUT.allows(p.status, "fail")) {
            throw new ApiException.Conflict(ProblemCode.ILLEGAL_TRANSITION, "Cannot mark failed: the payout is " + p.status + ".");
        }
        p.status = Machine.PAYOUT.next(p.status, "fail");
        p.failure = why;
        p.failedAt = Payout.now();
        p.updatedAt = p.failedAt;
        p.leaseOwner = null;
        p.leaseUntil = null;
        return p;
    }

    /** Makes a failed payout pending again, with the next attempt number (so the provider sees a new key). */
    @Transactional
    public Payout retry(long id, String actor) {
        Payout p = locked(id);
        if (!Machine.PAYOUT.allows(p.status, "retry")) {
            throw new ApiException.Conflict(ProblemCode.ILLEGAL_TRANSITION, "Cannot retry: the payout is " + p.status
                    + "; only failed payouts are retried.");
        }
        p.status = Machine.PAYOUT.next(p.status, "retry");
        p.attempt++;
        p.failure = null;
        p.sentAt = null;
        p.providerReference = null;
        p.updatedAt = Payout.now();
        return p;
    }

    private static Payout locked(long id) {
        return Payout.lockedById(id).orElseThrow(() -> new ApiException.NotFound("Payout " + id + " does not exist."));
    }
}
