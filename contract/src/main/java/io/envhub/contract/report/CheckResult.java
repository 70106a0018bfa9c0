package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The result of one check. The status is kept as its wire word so that a reader of a stored report keeps whatever it
 * holds; {@link #checkStatus()} and {@link #is(CheckStatus)} give the typed view.
 *
 * @param id stable dotted id, e.g. {@code static.archive} or {@code runtime.rewards} (empty when a report lacks it)
 * @param status {@code pass}, {@code warn}, {@code fail} or {@code skip} ({@link CheckStatus#wire()}; empty when a
 *     report lacks it)
 * @param message what was found, naming the cause (empty when a report lacks it)
 * @param durationMs how long the check took
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CheckResult(String id, String status, String message, long durationMs) {

    /**
     * Reads a missing id, status or message as empty.
     *
     * @param id id
     * @param status status
     * @param message message
     * @param durationMs duration
     */
    public CheckResult {
        id = id == null ? "" : id;
        status = status == null ? "" : status;
        message = message == null ? "" : message;
    }

    /**
     * A result with a typed status.
     *
     * @param id id
     * @param status status
     * @param message message
     * @param durationMs duration
     */
    public CheckResult(String id, CheckStatus status, String message, long durationMs) {
        this(id, status.wire(), message, durationMs);
    }

    /** A passed check. */
    public static CheckResult pass(String id, String message, long ms) {
        return new CheckResult(id, CheckStatus.PASS, message, ms);
    }

    /** A warning. */
    public static CheckResult warn(String id, String message, long ms) {
        return new CheckResult(id, CheckStatus.WARN, message, ms);
    }

    /** A failed check. */
    public static CheckResult fail(String id, String message, long ms) {
        return new CheckResult(id, CheckStatus.FAIL, message, ms);
    }

    /** A check that did not run, saying why. */
    public static CheckResult skip(String id, String message) {
        return new CheckResult(id, CheckStatus.SKIP, message, 0);
    }

    /** The typed status; null for a word this version does not know. */
    public CheckStatus checkStatus() {
        return CheckStatus.find(status).orElse(null);
    }

    /** Whether this check's status is {@code s}. */
    public boolean is(CheckStatus s) {
        return s.is(status);
    }
}
