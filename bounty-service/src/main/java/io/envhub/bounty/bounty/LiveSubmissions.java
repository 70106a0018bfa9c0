package io.envhub.bounty.bounty;

/**
 * How many of a bounty's submissions are still undecided (submitted, in review or with changes requested): what a
 * closed bounty's escrow must still cover. Implemented by the submission package, which sits above this one.
 */
public interface LiveSubmissions {
    /** The number of undecided submissions of bounty {@code bountyId}. */
    long count(long bountyId);
}
