package io.envhub.contract;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The verdict users read on a version ({@code trustStatus} in the API, the badge on the pages, {@code status=} in
 * search, the summary of {@code envhub push}), in the order lists and facets show them.
 */
public enum TrustStatus {
    /** Validated, runtime verified, no trust flag. */
    VERIFIED("verified", "verified"),
    /** Validated, runtime verified, at least one trust flag. */
    FLAGGED("flagged", "verified with flags"),
    /** Validated, the runtime checks did not run. */
    STATIC_ONLY("static-only", "static checks only"),
    /** A check failed. */
    FAILED("failed", "failed"),
    /** Queued or being validated. */
    VALIDATING("validating", "validating"),
    /** Validation could not be completed for infrastructure reasons. */
    ERROR("error", "error");

    private final String wire;
    private final String filterLabel;

    TrustStatus(String wire, String filterLabel) {
        this.wire = wire;
        this.filterLabel = filterLabel;
    }

    /** The code on the wire, e.g. {@code static-only}. */
    public String wire() {
        return wire;
    }

    /** What a search filter or facet calls it (no count of flags). */
    public String filterLabel() {
        return filterLabel;
    }

    /** The words shown for a version: {@code verified with 1 flag}, {@code static checks only}, ... */
    public String label(int flags) {
        return switch (this) {
            case FLAGGED -> "verified with " + flags + (flags == 1 ? " flag" : " flags");
            case STATIC_ONLY -> filterLabel;
            default -> wire;
        };
    }

    /** Whether the version passed validation (installable; static checks only included). */
    public boolean passed() {
        return this == VERIFIED || this == FLAGGED || this == STATIC_ONLY;
    }

    /**
     * Whether the hub ran it and it passed ({@code verified}, {@code flagged}): what "validated" means on cards and in
     * search's {@code validated=true}; a static-only version is not (issue 36 item 9).
     */
    public boolean runtimeVerified() {
        return this == VERIFIED || this == FLAGGED;
    }

    /** Whether it passed with something to look at (flags, or no runtime checks). */
    public boolean warns() {
        return this == FLAGGED || this == STATIC_ONLY;
    }

    /** Whether {@code wire} is this verdict's code (null-safe). */
    public boolean is(String wire) {
        return this.wire.equals(wire);
    }

    /** The verdict with this code; empty for null or an unknown code. */
    public static Optional<TrustStatus> find(String wire) {
        return Stream.of(values()).filter(s -> s.wire.equals(wire)).findFirst();
    }

    /** Every code, in order. */
    public static List<String> wires() {
        return Stream.of(values()).map(TrustStatus::wire).toList();
    }

    /** The codes of the runtime-verified verdicts ({@code validated=true} in search), in order. */
    public static List<String> runtimeVerifiedWires() {
        return Stream.of(values()).filter(TrustStatus::runtimeVerified).map(TrustStatus::wire).toList();
    }

    /** The codes of the verdicts that passed, in order. */
    public static List<String> passedWires() {
        return Stream.of(values()).filter(TrustStatus::passed).map(TrustStatus::wire).toList();
    }
}
