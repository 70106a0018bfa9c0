package io.envhub.contract.bounty;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * A payout's status ({@code status} in bounty-service's payout JSON): pending, sent by the provider, then confirmed;
 * failed keeps the amount payable until an admin retries it (pending again, next attempt).
 */
public enum PayoutStatus {
    /** Written at approval; the payout worker or an admin sends it. */
    PENDING("pending"),
    /** The provider accepted the order; waiting for confirmation. */
    SENT("sent"),
    /** Paid: the amount left the platform (final). */
    CONFIRMED("confirmed"),
    /** The provider refused it or an admin marked it failed; a retry makes it pending again. */
    FAILED("failed");

    private final String wire;

    PayoutStatus(String wire) {
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
    public static Optional<PayoutStatus> find(String wire) {
        return Stream.of(values()).filter(s -> s.wire.equals(wire)).findFirst();
    }

    /** Every word, in order. */
    public static List<String> wires() {
        return Stream.of(values()).map(PayoutStatus::wire).toList();
    }
}
