package io.envhub.format.name;

import io.envhub.format.FormatException;

/** Thrown when a project name is not a valid PEP 508 distribution name. */
public final class InvalidNameException extends FormatException {

    /** Machine code of every invalid-name problem. */
    public static final String CODE = "name.invalid";

    private static final long serialVersionUID = 1L;

    private final String name;

    /**
     * Creates an exception.
     *
     * @param name the rejected name (may be null)
     * @param reason why it was rejected
     */
    public InvalidNameException(String name, String reason) {
        super(CODE, "invalid project name " + quote(name) + ": " + reason);
        this.name = name;
    }

    /**
     * Returns the rejected name.
     *
     * @return the name as given, possibly null
     */
    public String name() {
        return name;
    }

    private static String quote(String s) {
        return s == null ? "<null>" : "'" + s + "'";
    }
}
