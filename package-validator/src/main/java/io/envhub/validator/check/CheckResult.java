package io.envhub.validator.check;

import java.util.Objects;

/**
 * The result of one check.
 *
 * @param id stable dotted id, e.g. {@code static.archive} or {@code runtime.rewards}
 * @param status pass, warn, fail or skip
 * @param message what was found, naming the cause
 * @param durationMs how long the check took
 */
public record CheckResult(String id, CheckStatus status, String message, long durationMs) {

    /**
     * Checks the values.
     *
     * @param id id
     * @param status status
     * @param message message
     * @param durationMs duration
     */
    public CheckResult {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(message, "message");
    }

    static CheckResult pass(String id, String message, long ms) {
        return new CheckResult(id, CheckStatus.PASS, message, ms);
    }

    static CheckResult warn(String id, String message, long ms) {
        return new CheckResult(id, CheckStatus.WARN, message, ms);
    }

    static CheckResult fail(String id, String message, long ms) {
        return new CheckResult(id, CheckStatus.FAIL, message, ms);
    }

    static CheckResult skip(String id, String message) {
        return new CheckResult(id, CheckStatus.SKIP, message, 0);
    }
}
