package io.envhub.validator.sandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The bubblewrap sandbox (see the shared stack notes for the recipe and what it held against):
 * {@code prlimit} (address space, CPU seconds, processes, file size, open files, no core dumps) wraps
 * {@code timeout -s KILL} (wall clock), which wraps {@code setpriv} (drop to an unprivileged uid; as root, bwrap
 * would keep capabilities and RLIMIT_NPROC would not apply), which wraps {@code bwrap} with every namespace
 * unshared (no network), no nested user namespaces, {@code --die-with-parent}, {@code --new-session}, a cleared
 * environment, read-only {@code /usr}, a size-capped tmpfs job directory and a read-only root.
 */
public final class BubblewrapSandbox implements Sandbox {

    private static final List<String> TOOLS = List.of("bwrap", "prlimit", "timeout", "setpriv");

    private final Map<String, String> tools;
    private final boolean root;
    private volatile boolean verified;

    /** Finds the tools on the usual system paths. */
    public BubblewrapSandbox() {
        this.tools = HostTools.locate(TOOLS);
        this.root = HostTools.runningAsRoot();
    }

    @Override
    public String name() {
        return "bubblewrap";
    }

    @Override
    public void verify() {
        String missing = HostTools.missing(tools);
        if (!missing.isEmpty()) {
            throw new SandboxUnavailableException("sandbox unavailable: " + missing
                    + " not found (install the Debian packages bubblewrap, util-linux and coreutils)");
        }
        SandboxLimits probe = SandboxLimits.DEFAULTS.withTime(10, 20);
        ProcessRunner.Outcome o = ProcessRunner.run(commandLine(SandboxSpec.of(probe, List.of(), "/usr/bin/true")),
                new byte[0], 8192, 30_000);
        if (o.exitCode() != 0) {
            throw new SandboxUnavailableException("sandbox unavailable: bubblewrap cannot create its namespaces here"
                    + " (exit " + o.exitCode() + "): " + o.stderr().text().strip());
        }
        verified = true;
    }

    @Override
    public SandboxResult run(SandboxSpec spec) {
        if (!verified) {
            verify();
        }
        SandboxLimits limits = spec.limits();
        ProcessRunner.Outcome o = ProcessRunner.run(commandLine(spec), spec.stdin(), limits.outputCapBytes(),
                limits.wallSeconds() * 1000L + 15_000);
        String err = o.stderr().text();
        if (o.exitCode() == 1 && o.stdout().text().isEmpty() && err.startsWith("bwrap: ")) {
            // bwrap's own setup failed before the command started (no command output can precede this line)
            throw new SandboxUnavailableException("sandbox setup failed: " + err.lines().findFirst().orElse(err));
        }
        return new SandboxResult(o.exitCode(), o.stdout().text(), err, o.stdout().truncated(),
                o.stderr().truncated(), o.wallMillis(), HostTools.termination(o, limits));
    }

    @Override
    public Process start(SandboxSpec spec) {
        if (!verified) {
            verify();
        }
        ProcessBuilder pb = new ProcessBuilder(commandLine(spec));
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
        try {
            return pb.start();
        } catch (java.io.IOException e) {
            throw new SandboxUnavailableException("sandbox unavailable: cannot start bwrap: " + e.getMessage());
        }
    }

    /**
     * The full host command line for a spec.
     *
     * @param spec what to run
     * @return prlimit ... timeout ... [setpriv ...] bwrap ... command
     */
    List<String> commandLine(SandboxSpec spec) {
        SandboxLimits l = spec.limits();
        List<String> c = new ArrayList<>(List.of(tools.get("prlimit"), "--as=" + l.memoryBytes(),
                "--cpu=" + l.cpuSeconds() + ":" + (l.cpuSeconds() + 1), "--nproc=" + l.processes(),
                "--fsize=" + l.fileSizeBytes(), "--nofile=" + l.openFiles(), "--core=0", "--",
                tools.get("timeout"), "-s", "KILL", Integer.toString(l.wallSeconds())));
        if (root) {
            c.addAll(List.of(tools.get("setpriv"), "--reuid=" + l.uid(), "--regid=" + l.uid(), "--clear-groups"));
        }
        c.addAll(List.of(tools.get("bwrap"), "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent",
                "--new-session", "--clearenv",
                "--ro-bind", "/usr", "/usr", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64",
                "--symlink", "usr/bin", "/bin", "--symlink", "usr/sbin", "/sbin",
                "--proc", "/proc", "--dev", "/dev",
                "--perms", "1777", "--size", Long.toString(l.tmpfsBytes()), "--tmpfs", JOB_DIR, "--symlink", JOB_DIR, "/tmp"));
        for (Mount m : spec.mounts()) {
            c.addAll(List.of(m.writable() ? "--bind" : "--ro-bind", m.host().toAbsolutePath().toString(), m.target()));
        }
        spec.environment().forEach((k, v) -> c.addAll(List.of("--setenv", k, v)));
        c.addAll(List.of("--chdir", JOB_DIR, "--remount-ro", "/"));
        c.addAll(spec.command());
        return c;
    }

    /**
     * Whether commands are dropped to the unprivileged uid (only possible when the validator runs as root).
     *
     * @return true when running as root
     */
    public boolean dropsPrivileges() {
        return root;
    }
}
