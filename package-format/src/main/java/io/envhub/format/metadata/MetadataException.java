package io.envhub.format.metadata;

import io.envhub.format.FormatException;

/** Thrown when core metadata cannot be parsed or written. */
public final class MetadataException extends FormatException {

    /** A header line is not of the form {@code Name: value}. */
    public static final String MALFORMED = "metadata.malformed";
    /** A required field such as {@code Name} is missing. */
    public static final String MISSING_FIELD = "metadata.missing_field";
    /** A field has an unacceptable value. */
    public static final String INVALID_FIELD = "metadata.invalid_field";
    /** A file referenced by the project could not be read. */
    public static final String IO = "metadata.io";

    private static final long serialVersionUID = 1L;

    /**
     * Creates an exception.
     *
     * @param code one of the constants of this class
     * @param message human-readable explanation
     */
    public MetadataException(String code, String message) {
        super(code, message);
    }

    /**
     * Creates an exception with a cause.
     *
     * @param code one of the constants of this class
     * @param message human-readable explanation
     * @param cause underlying failure
     */
    public MetadataException(String code, String message, Throwable cause) {
        super(code, message, cause);
    }
}
