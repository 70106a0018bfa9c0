package io.envhub.validator.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jboss.logging.Logger;

/**
 * The bubblewrap sandbox (see the shared stack notes for the recipe and what it held against):
 * {@code prlimit} (address space, CPU seconds, processes, file size, open files, no core dumps) wraps
 * {@code timeout -s KILL} (wall clock), which wraps {@code setpriv} (drop to an unprivileged uid; as root, bwrap
 * would keep capabilities and RLIMIT_NPROC would not apply), which wraps {@code bwrap} with every namespace
 * unshared (no network), no nested user namespaces, {@code --die-with-parent}, {@code --new-session}, a cleared
 * environment, read-only {@code /usr}, a size-capped tmpfs job directory and a read-only root.
 */
public final class BubblewrapSandbox implements Sandbox {

    private static final Logger LOG = Logger.getLogger(BubblewrapSandbox.class);
    private static final int SIGXCPU_STATUS = 128 + 24;
    private static final int SIGKILL_STATUS = 128 + 9;
    private static final List<String> TOOLS = List.of("bwrap", "prlimit", "timeout", "setpriv");

    private final Map<String, String> tools = new LinkedHashMap<>();
    private final boolean root;
    private volatile boolean verified;

    /** Finds the tools on the usual system paths. */
    public BubblewrapSandbox() {
        for (String tool : TOOLS) {
            tools.put(tool, locate(tool));
        }
        this.root = runningAsRoot();
    }

    @Override
    public String name() {
        return "bubblewrap";
    }

    @Override
    public void verify() {
        List<String> missing = new ArrayList<>();
        tools.forEach((tool, path) -> {
            if (path == null) {
                missing.add(tool);
            }
        });
        if (!missing.isEmpty()) {
            throw new SandboxUnavailableException("sandbox unavailable: " + String.join(", ", missing)
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
        SandboxResult.Termination how;
        if (o.killedByDeadline()) {
            how = SandboxResult.Termination.WALL_CLOCK;
        } else if (o.exitCode() == SIGXCPU_STATUS) {
            how = SandboxResult.Termination.CPU_LIMIT;
        } else if (o.exitCode() == SIGKILL_STATUS && o.wallMillis() >= limits.wallSeconds() * 1000L - 250) {
            how = SandboxResult.Termination.WALL_CLOCK;
        } else if (o.exitCode() > 128 && o.exitCode() <= 128 + 64) {
            how = SandboxResult.Termination.SIGNALED;
        } else {
            how = SandboxResult.Termination.EXITED;
        }
        return new SandboxResult(o.exitCode(), o.stdout().text(), err, o.stdout().truncated(),
                o.stderr().truncated(), o.wallMillis(), how);
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
        Map<String, String> env = new TreeMap<>(Map.of("PATH", "/usr/bin:/bin", "HOME", JOB_DIR, "TMPDIR", JOB_DIR,
                "LANG", "C.UTF-8"));
        env.putAll(spec.env());
        env.forEach((k, v) -> c.addAll(List.of("--setenv", k, v)));
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

    private static String locate(String tool) {
        for (String dir : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
            Path p = Path.of(dir, tool);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return null;
    }

    private static boolean runningAsRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            LOG.debugf("cannot tell whether the validator runs as root: %s", e.toString());
            return false;
        }
    }
}
