package io.envhub.format;

import java.util.Objects;

/**
 * Base type of every problem this library reports about package input.
 *
 * <p>Each exception carries a stable, machine-readable {@link #code()} (for example
 * {@code archive.path_traversal} or {@code version.invalid}) that callers can map to API errors, plus a
 * human-readable message that names the offending value or archive entry.
 */
public class FormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String code;

    /**
     * Creates an exception.
     *
     * @param code stable machine code, dotted lower-case
     * @param message human-readable explanation
     */
    public FormatException(String code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    /**
     * Creates an exception with a cause.
     *
     * @param code stable machine code, dotted lower-case
     * @param message human-readable explanation
     * @param cause underlying failure
     */
    public FormatException(String code, String message, Throwable cause) {
        super(message, cause);
        this.code = Objects.requireNonNull(code, "code");
    }

    /**
     * Returns the stable machine code of this problem.
     *
     * @return code such as {@code name.invalid}
     */
    public String code() {
        return code;
    }
}
