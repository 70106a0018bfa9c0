package io.envhub.bounty.bounty;

import io.envhub.contract.bounty.BountyStatus;
import io.envhub.bounty.ledger.Accounts;
import io.envhub.bounty.ledger.Ledger;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * A bounty's escrow: reserved from the sponsor's balance when it opens (reward × max awards), spent one reward per
 * approval, and what is no longer needed returned to the sponsor when it closes, is cancelled or passes its deadline.
 * Callers hold the bounty row lock, so one bounty's escrow changes one transaction at a time.
 */
@ApplicationScoped
public class Escrow {
    private final Ledger ledger;
    private final LiveSubmissions liveSubmissions;

    public Escrow(Ledger ledger, LiveSubmissions liveSubmissions) {
        this.ledger = ledger;
        this.liveSubmissions = liveSubmissions;
    }

    /** Moves reward × max awards from the sponsor's balance to the bounty's escrow; 409 {@code insufficient-balance}. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void reserve(Bounty b, String actor) {
        long needed = Math.multiplyExact(b.rewardMinor, (long) b.maxAwards);
        long available = ledger.lockedBalance(Accounts.sponsor(b.sponsorSubject), b.currency);
        if (available < needed) {
            throw new ApiException.Conflict(ProblemCode.INSUFFICIENT_BALANCE, "Opening bounty " + b.id + " needs " + needed + " "
                    + b.currency + " (minor units: reward " + b.rewardMinor + " × " + b.maxAwards + " award(s)); "
                    + b.sponsorUsername + "'s available balance is " + available + " " + b.currency + ", " + (needed - available)
                    + " short. An admin records funding first.");
        }
        ledger.post(new Ledger.Posting("escrow", actor, "bounty:" + b.id + ":open", b.id, null, null), b.currency,
                List.of(new Ledger.Leg(Accounts.sponsor(b.sponsorSubject), -needed), new Ledger.Leg(Accounts.escrow(b.id), needed)));
    }

    /**
     * What the bounty's escrow must still hold: every award left while open; once closed only the awards that live
     * submissions (not yet decided) could still take; nothing when cancelled, awarded or a draft.
     */
    public long obligation(Bounty b) {
        return switch (BountyStatus.find(b.status).orElse(BountyStatus.DRAFT)) {
            case OPEN -> b.rewardMinor * b.awardsLeft();
            case CLOSED -> b.rewardMinor * Math.min(b.awardsLeft(), liveSubmissions.count(b.id));
            default -> 0;
        };
    }

    /** Returns escrow beyond the bounty's obligation to the sponsor (kind {@code release}); the amount released. */
    @Transactional(Transactional.TxType.MANDATORY)
    public long settle(Bounty b, String actor, String why) {
        if (BountyStatus.DRAFT.is(b.status)) {
            return 0;
        }
        long excess = ledger.balance(Accounts.escrow(b.id), b.currency) - obligation(b);
        if (excess <= 0) {
            return 0;
        }
        ledger.post(new Ledger.Posting("release", actor, "bounty:" + b.id + ":" + why, b.id, null, null), b.currency,
                List.of(new Ledger.Leg(Accounts.escrow(b.id), -excess), new Ledger.Leg(Accounts.sponsor(b.sponsorSubject), excess)));
        return excess;
    }
}
