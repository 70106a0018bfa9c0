package io.envhub.validator.sandbox;

/**
 * How a sandboxed command ended.
 *
 * @param exitCode exit status; 128 + n when the command was killed by signal n
 * @param stdout captured standard output (up to the cap; see {@code stdoutTruncated})
 * @param stderr captured standard error (head and tail up to the cap)
 * @param stdoutTruncated whether standard output exceeded the cap
 * @param stderrTruncated whether standard error exceeded the cap
 * @param wallMillis elapsed time
 * @param termination why it ended
 */
public record SandboxResult(int exitCode, String stdout, String stderr, boolean stdoutTruncated, boolean stderrTruncated,
                            long wallMillis, Termination termination) {

    /** Why a command ended. */
    public enum Termination {
        /** It exited by itself (any status). */
        EXITED,
        /** It was killed by SIGXCPU after using its CPU seconds. */
        CPU_LIMIT,
        /** It was killed after the wall-clock limit. */
        WALL_CLOCK,
        /** It was killed by another signal (for example SIGKILL at the hard CPU limit, or SIGSEGV). */
        SIGNALED
    }

    /**
     * Describes how the command ended, for a report.
     *
     * @param limits the limits it ran with
     * @return e.g. {@code killed: CPU time limit of 5 s exceeded}
     */
    public String describe(SandboxLimits limits) {
        return switch (termination) {
            case EXITED -> "exited with status " + exitCode;
            case CPU_LIMIT -> "killed: CPU time limit of " + limits.cpuSeconds() + " s exceeded";
            case WALL_CLOCK -> "killed: wall-clock limit of " + limits.wallSeconds() + " s exceeded";
            case SIGNALED -> "killed by signal " + (exitCode - 128) + (exitCode == 137
                    ? " (SIGKILL: hard CPU limit or memory exhaustion)" : "");
        };
    }
}
