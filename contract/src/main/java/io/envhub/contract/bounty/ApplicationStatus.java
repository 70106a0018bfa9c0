package io.envhub.contract.bounty;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * An application's status ({@code status} in bounty-service's application JSON): pending until the sponsor decides.
 */
public enum ApplicationStatus {
    /** Waiting for the sponsor. */
    PENDING("pending"),
    /** The applicant may submit. */
    ACCEPTED("accepted"),
    /** Declined by the sponsor. */
    REJECTED("rejected"),
    /** Withdrawn by the applicant. */
    WITHDRAWN("withdrawn");

    private final String wire;

    ApplicationStatus(String wire) {
        this.wire = wire;
    }

    /** The word on the wire and in the database, e.g. {@code pending}. */
    public String wire() {
        return wire;
    }

    /** Whether {@code wire} is this status's word (null-safe). */
    public boolean is(String wire) {
        return this.wire.equals(wire);
    }

    /** The status with this word; empty for null or an unknown word. */
    public static Optional<ApplicationStatus> find(String wire) {
        return Stream.of(values()).filter(s -> s.wire.equals(wire)).findFirst();
    }

    /** Every word, in order. */
    public static List<String> wires() {
        return Stream.of(values()).map(ApplicationStatus::wire).toList();
    }
}
