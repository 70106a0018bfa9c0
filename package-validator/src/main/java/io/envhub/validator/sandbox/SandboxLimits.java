package io.envhub.validator.sandbox;

/**
 * Resource limits of one sandboxed command; they are reported in every validation report.
 *
 * @param memoryBytes address-space limit per process (RLIMIT_AS)
 * @param cpuSeconds CPU-time limit per process (RLIMIT_CPU soft limit; SIGXCPU, then SIGKILL one second later)
 * @param wallSeconds wall-clock limit of the whole command; the process tree is killed with SIGKILL after it
 * @param processes most processes of the sandbox uid (RLIMIT_NPROC)
 * @param fileSizeBytes largest file a process may write (RLIMIT_FSIZE)
 * @param openFiles most open file descriptors per process (RLIMIT_NOFILE)
 * @param outputCapBytes most bytes kept of stdout and of stderr each (the rest is drained and dropped)
 * @param tmpfsBytes size of the writable job directory (a tmpfs)
 * @param uid unprivileged uid and gid the sandboxed command runs as (when the validator runs as root)
 */
public record SandboxLimits(long memoryBytes, int cpuSeconds, int wallSeconds, int processes, long fileSizeBytes,
                            int openFiles, int outputCapBytes, long tmpfsBytes, int uid) {

    /** Defaults that suit one small environment on a shared machine. */
    public static final SandboxLimits DEFAULTS = new SandboxLimits(1L << 30, 60, 120, 64, 64L << 20, 256, 1 << 20,
            128L << 20, 61000);

    /**
     * Checks the limits.
     *
     * @param memoryBytes address space
     * @param cpuSeconds CPU seconds
     * @param wallSeconds wall seconds
     * @param processes processes
     * @param fileSizeBytes file size
     * @param openFiles open files
     * @param outputCapBytes output cap
     * @param tmpfsBytes job directory size
     * @param uid sandbox uid
     */
    public SandboxLimits {
        if (memoryBytes < (64L << 20) || cpuSeconds < 1 || wallSeconds < 1 || processes < 1 || fileSizeBytes < 1
                || openFiles < 16 || outputCapBytes < 1024 || tmpfsBytes < (1L << 20)) {
            throw new IllegalArgumentException("sandbox limits out of range: " + this);
        }
        if (uid <= 0) {
            throw new IllegalArgumentException("the sandbox uid must not be root: " + uid);
        }
    }

    /**
     * Returns a copy with other CPU and wall-clock limits (the install step gets more time than a harness run).
     *
     * @param cpu CPU seconds
     * @param wall wall seconds
     * @return the copy
     */
    public SandboxLimits withTime(int cpu, int wall) {
        return new SandboxLimits(memoryBytes, cpu, wall, processes, fileSizeBytes, openFiles, outputCapBytes, tmpfsBytes, uid);
    }
}
