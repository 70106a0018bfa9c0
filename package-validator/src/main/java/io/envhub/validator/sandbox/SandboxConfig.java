package io.envhub.validator.sandbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Limits of the sandbox that runs untrusted package code ({@code envhub.validator.sandbox.*}). */
@ConfigMapping(prefix = "envhub.validator.sandbox")
public interface SandboxConfig {

    /** The sandboxes the validator can run untrusted code in. */
    enum Backend {
        /** bubblewrap: namespaces of the host kernel, prlimit, setpriv ({@link BubblewrapSandbox}). */
        BWRAP,
        /** gVisor: a user-space kernel per command, {@code runsc run} ({@link GvisorSandbox}). */
        GVISOR
    }

    /**
     * Which sandbox runs untrusted code: {@code bwrap} (default) or {@code gvisor} (environment variable
     * {@code ENVHUB_SANDBOX}, see application.properties).
     */
    @WithDefault("bwrap")
    Backend backend();

    /** Address-space limit per sandboxed process, in bytes (RLIMIT_AS; 1 GiB). */
    @WithDefault("1073741824")
    long memoryBytes();

    /** CPU-time limit per sandboxed process, in seconds (SIGXCPU at this value, SIGKILL one second later). */
    @WithDefault("60")
    int cpuSeconds();

    /** Wall-clock limit of one harness run, in seconds; the whole process tree is killed after it. */
    @WithDefault("120")
    int wallSeconds();

    /** Wall-clock limit of the install step (venv and offline pip install), in seconds. */
    @WithDefault("300")
    int installWallSeconds();

    /** Most processes the sandbox uid may have at once (RLIMIT_NPROC; stops fork bombs). */
    @WithDefault("64")
    int processes();

    /** Largest file a sandboxed process may write, in bytes (RLIMIT_FSIZE; 64 MiB). */
    @WithDefault("67108864")
    long fileSizeBytes();

    /** Most open file descriptors per sandboxed process (RLIMIT_NOFILE). */
    @WithDefault("256")
    int openFiles();

    /** Most bytes kept of a run's stdout and of its stderr each (head and tail; the rest is dropped; 1 MiB). */
    @WithDefault("1048576")
    int outputCapBytes();

    /** Size of the writable job directory, a tmpfs, in bytes (128 MiB). */
    @WithDefault("134217728")
    long tmpfsBytes();

    /** Unprivileged uid (and gid) sandboxed code runs as when the validator runs as root; give each worker its own. */
    @WithDefault("61000")
    int uid();

    /**
     * DEVELOPMENT ONLY: when bubblewrap is missing or cannot create namespaces, run package code directly on the
     * host instead of refusing (logged loudly on every run). Never enable this on a machine that validates
     * packages from others.
     */
    @WithDefault("false")
    boolean insecureDevMode();

    /**
     * The limits of one harness run as a plain value.
     *
     * @return limits
     */
    default SandboxLimits limits() {
        return new SandboxLimits(memoryBytes(), cpuSeconds(), wallSeconds(), processes(), fileSizeBytes(), openFiles(),
                outputCapBytes(), tmpfsBytes(), uid());
    }
}
