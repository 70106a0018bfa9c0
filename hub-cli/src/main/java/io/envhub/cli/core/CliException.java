package io.envhub.cli.core;

/** A failure that ends the command with one readable line and an exit code from {@link ExitCodes}. */
public class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    /**
     * Creates the exception.
     *
     * @param exitCode one of {@link ExitCodes}
     * @param message one line saying what happened and what to do (without the {@code envhub:} prefix)
     */
    public CliException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    /**
     * Creates the exception with a cause (shown with {@code ENVHUB_DEBUG=1}).
     *
     * @param exitCode one of {@link ExitCodes}
     * @param message one line
     * @param cause the cause
     */
    public CliException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /**
     * Returns the exit code.
     *
     * @return one of {@link ExitCodes}
     */
    public int exitCode() {
        return exitCode;
    }
}
