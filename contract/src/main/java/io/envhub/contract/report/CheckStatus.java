package io.envhub.contract.report;

import java.util.Optional;
import java.util.stream.Stream;

/**
 * Outcome of one check of a {@link ValidationReport} ({@code checks[].status} on the wire: the lower-case word). Only
 * {@link #FAIL} fails a version; {@link #WARN} is shown, {@link #SKIP} says why it did not run.
 */
public enum CheckStatus {
    /** The check ran and found nothing wrong. */
    PASS("pass"),
    /** The check found something a user should know (trust report, missing README or license). */
    WARN("warn"),
    /** The check found a reason to refuse the version. */
    FAIL("fail"),
    /** The check could not run (an earlier check failed, or a dependency is not available). */
    SKIP("skip");

    private final String wire;

    CheckStatus(String wire) {
        this.wire = wire;
    }

    /** The word on the wire, e.g. {@code pass}. */
    public String wire() {
        return wire;
    }

    /** Whether {@code wire} is this status's word (null-safe). */
    public boolean is(String wire) {
        return this.wire.equals(wire);
    }

    /** The status with this word; empty for null or an unknown word. */
    public static Optional<CheckStatus> find(String wire) {
        return Stream.of(values()).filter(s -> s.wire.equals(wire)).findFirst();
    }
}
