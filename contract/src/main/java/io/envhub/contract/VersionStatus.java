package io.envhub.contract;

import java.util.Optional;
import java.util.stream.Stream;

/**
 * A version's internal validation status, as hub-backend stores it ({@code versions.status}) and the validator reports
 * it: queued, being validated, then one of three outcomes. It is not part of the public API (since API version 2, the
 * environment and version JSON carry only {@code trustStatus}); users, pages and the CLI read the {@link TrustStatus},
 * which {@link #trustWhileUnfinished()} relates it to.
 */
public enum VersionStatus {
    /** Queued for validation. */
    PENDING("pending"),
    /** A validator holds its job. */
    VALIDATING("validating"),
    /** Every check passed (the validator's report says {@code validated}). */
    VALIDATED("validated"),
    /** A check failed (the validator's report says {@code failed}). */
    FAILED("failed"),
    /** Validation could not be completed for infrastructure reasons. */
    ERROR("error");

    private final String wire;

    VersionStatus(String wire) {
        this.wire = wire;
    }

    /** The word on the wire and in the database, e.g. {@code validated}. */
    public String wire() {
        return wire;
    }

    /** Whether validation has not ended yet ({@code pending} or {@code validating}). */
    public boolean inProgress() {
        return this == PENDING || this == VALIDATING;
    }

    /** The status with this wire word; empty for null or an unknown word. */
    public static Optional<VersionStatus> find(String wire) {
        return Stream.of(values()).filter(s -> s.wire.equals(wire)).findFirst();
    }

    /**
     * The public word for a version in this state whose verdict is not known yet from a report: {@code validating}
     * while queued or held, {@code failed}, {@code error}; empty for {@code validated} (verified, flagged or static-only
     * depend on the report).
     */
    public Optional<TrustStatus> trustWhileUnfinished() {
        return switch (this) {
            case PENDING, VALIDATING -> Optional.of(TrustStatus.VALIDATING);
            case FAILED -> Optional.of(TrustStatus.FAILED);
            case ERROR -> Optional.of(TrustStatus.ERROR);
            case VALIDATED -> Optional.empty();
        };
    }

    /** Whether {@code wire} is this status's word (null-safe). */
    public boolean is(String wire) {
        return this.wire.equals(wire);
    }
}
