package io.envhub.format.version;

import io.envhub.format.FormatException;

/** Thrown when a string is not a valid PEP 440 version. */
public final class InvalidVersionException extends FormatException {

    /** Machine code of every invalid-version problem. */
    public static final String CODE = "version.invalid";

    private static final long serialVersionUID = 1L;

    private final String version;

    /**
     * Creates an exception.
     *
     * @param version the rejected text (may be null)
     * @param reason why it was rejected
     */
    public InvalidVersionException(String version, String reason) {
        super(CODE, "invalid version " + (version == null ? "<null>" : "'" + version + "'") + ": " + reason);
        this.version = version;
    }

    /**
     * Returns the rejected text.
     *
     * @return the version text as given, possibly null
     */
    public String version() {
        return version;
    }
}
