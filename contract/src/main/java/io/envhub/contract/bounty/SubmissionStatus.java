package io.envhub.contract.bounty;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A submission's status ({@code status} in bounty-service's submission JSON).
 */
public enum SubmissionStatus {
    /** Waiting for review. */
    SUBMITTED("submitted"),
    /** The sponsor started reviewing it. */
    IN_REVIEW("in_review"),
    /** The sponsor asked for changes; a new version resubmits it. */
    CHANGES_REQUESTED("changes_requested"),
    /** Approved: the award was given and its payout written. */
    APPROVED("approved"),
    /** Declined by the sponsor. */
    REJECTED("rejected"),
    /** Withdrawn by the submitter. */
    WITHDRAWN("withdrawn");

    private final String wire;

    SubmissionStatus(String wire) {
        this.wire = wire;
    }

    /** The word on the wire and in the database, e.g. {@code submitted}. */
    public String wire() {
        return wire;
    }

    /** Whether {@code wire} is this status's word (null-safe). */
    public boolean is(String wire) {
        return this.wire.equals(wire);
    }

    /** The status with this word; empty for null or an unknown word. */
    public static Optional<SubmissionStatus> find(String wire) {
        return Stream.of(values()).filter(s -> s.wire.equals(wire)).findFirst();
    }

    /** Every word, in order. */
    public static List<String> wires() {
        return Stream.of(values()).map(SubmissionStatus::wire).toList();
    }
}
