package io.envhub.contract.bounty;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A bounty's status ({@code status} in bounty-service's bounty JSON, {@code status=} of the board): draft, then open, then
 * closed, cancelled or awarded (every award given). bounty-service's state machine moves it; the web pages and the CLI
 * read it.
 */
public enum BountyStatus {
    /** Being written by its sponsor; not on the board. */
    DRAFT("draft"),
    /** On the board: takes applications and submissions. */
    OPEN("open"),
    /** Past its deadline or closed by the sponsor: submissions already in are still reviewed. */
    CLOSED("closed"),
    /** Every award was given. */
    AWARDED("awarded"),
    /** Cancelled by the sponsor or an admin; its escrow went back. */
    CANCELLED("cancelled");

    private final String wire;

    BountyStatus(String wire) {
        this.wire = wire;
    }

    /** The word on the wire and in the database, e.g. {@code draft}. */
    public String wire() {
        return wire;
    }

    /** Whether {@code wire} is this status's word (null-safe). */
    public boolean is(String wire) {
        return this.wire.equals(wire);
    }

    /** The status with this word; empty for null or an unknown word. */
    public static Optional<BountyStatus> find(String wire) {
        return Stream.of(values()).filter(s -> s.wire.equals(wire)).findFirst();
    }

    /** Every word, in order. */
    public static List<String> wires() {
        return Stream.of(values()).map(BountyStatus::wire).toList();
    }
}
