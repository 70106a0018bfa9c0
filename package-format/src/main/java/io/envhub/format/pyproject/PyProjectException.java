package io.envhub.format.pyproject;

import io.envhub.format.FormatException;

/** Thrown when a {@code pyproject.toml} cannot be read or does not describe a publishable project. */
public final class PyProjectException extends FormatException {

    /** The file is not valid TOML. */
    public static final String MALFORMED = "pyproject.malformed";
    /** A required key is absent. */
    public static final String MISSING_FIELD = "pyproject.missing_field";
    /** A key has the wrong type or an unacceptable value. */
    public static final String INVALID_FIELD = "pyproject.invalid_field";
    /** {@code project.name} is not a valid distribution name. */
    public static final String INVALID_NAME = "pyproject.invalid_name";
    /** {@code project.version} is not a valid PEP 440 version. */
    public static final String INVALID_VERSION = "pyproject.invalid_version";
    /** The file could not be read. */
    public static final String IO = "pyproject.io";

    private static final long serialVersionUID = 1L;

    private final String field;
    private final int line;

    /**
     * Creates an exception about a field.
     *
     * @param code one of the constants of this class
     * @param field dotted key such as {@code project.version}, or null
     * @param message human-readable explanation
     */
    public PyProjectException(String code, String field, String message) {
        this(code, field, -1, message, null);
    }

    /**
     * Creates an exception.
     *
     * @param code one of the constants of this class
     * @param field dotted key, or null
     * @param line 1-based line in the file, or -1 when unknown
     * @param message human-readable explanation
     * @param cause underlying failure, or null
     */
    public PyProjectException(String code, String field, int line, String message, Throwable cause) {
        super(code, message, cause);
        this.field = field;
        this.line = line;
    }

    /**
     * Returns the dotted key the problem is about.
     *
     * @return key such as {@code project.name}, or null when the problem is not about one key
     */
    public String field() {
        return field;
    }

    /**
     * Returns the line of the problem when the TOML parser reported one.
     *
     * @return 1-based line, or -1
     */
    public int line() {
        return line;
    }
}
