package io.envhub.validator.sandbox;

/**
 * Runs one command of untrusted code in isolation: read-only binds of what it needs, one writable job
 * directory (a size-capped tmpfs at {@link #JOB_DIR}), resource limits, a clean environment, output captured up to
 * a cap and a wall-clock timeout that kills the whole process tree.
 */
public interface Sandbox {

    /** The writable job directory inside the sandbox; also its working directory, HOME and TMPDIR. */
    String JOB_DIR = "/job";

    /**
     * Runs a command and waits for it (never longer than the wall-clock limit plus a grace period).
     *
     * @param spec what to run, with which binds and limits
     * @return exit status, captured output and how it ended
     * @throws SandboxUnavailableException when the sandbox cannot isolate the command; nothing was run
     */
    SandboxResult run(SandboxSpec spec);

    /**
     * Starts a long-lived command (a hosted session) with the same isolation and limits as {@link #run} and returns
     * at once: the caller talks to it over its standard input and output and must destroy it (with its descendants)
     * when done. The spec's stdin is ignored; the wall-clock limit still kills it.
     *
     * @param spec what to run
     * @return the running process
     * @throws SandboxUnavailableException when this sandbox cannot start long-lived commands or cannot isolate them
     */
    default Process start(SandboxSpec spec) {
        throw new SandboxUnavailableException("the " + name() + " sandbox cannot run hosted sessions");
    }

    /**
     * Checks that this sandbox can isolate commands on this host (tools present, namespaces creatable).
     *
     * @throws SandboxUnavailableException with a message saying what is missing
     */
    void verify();

    /**
     * Names the implementation for reports and logs.
     *
     * @return e.g. {@code bubblewrap}
     */
    String name();
}
