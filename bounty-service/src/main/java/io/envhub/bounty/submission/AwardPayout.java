package io.envhub.bounty.submission;

import io.envhub.bounty.access.Actor;
import io.envhub.bounty.bounty.Bounty;

/**
 * The money side of an approval: posts the award and writes its pending payout, in the approval's transaction (the
 * bounty row locked by the caller). Implemented by the payout package, which sits above this one.
 */
public interface AwardPayout {
    /** Posts the award of bounty {@code b} to submission {@code s} and writes its pending payout. */
    void award(Bounty b, Submission s, Actor actor);
}
