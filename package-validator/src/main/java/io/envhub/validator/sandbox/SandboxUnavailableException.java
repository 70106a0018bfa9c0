package io.envhub.validator.sandbox;

/** The sandbox cannot isolate untrusted code on this host, so nothing is run. */
public class SandboxUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is missing and how to fix it
     */
    public SandboxUnavailableException(String message) {
        super(message);
    }
}
