package io.envhub.cli.build;

/** A project that cannot be built, with a message that says what to change. */
public final class BuildException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong and what to do
     */
    public BuildException(String message) {
        super(message);
    }
}
