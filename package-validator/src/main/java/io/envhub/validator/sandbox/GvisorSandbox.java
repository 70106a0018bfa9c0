package io.envhub.validator.sandbox;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * The gVisor sandbox: each command runs in its own gVisor sandbox ({@code runsc run}, an OCI container whose
 * system calls are served by gVisor's user-space kernel, not the host's), with the same promises as
 * {@link BubblewrapSandbox}: no network ({@code --network=none}: loopback only), a read-only root holding only
 * {@code /usr} (and its {@code /lib}, {@code /bin} links), {@code /proc}, gVisor's own {@code /dev}, a size-capped
 * writable {@code /job} (also {@code /tmp}), the spec's mounts, a cleared environment, the sandbox uid, no
 * capabilities, {@code no_new_privs}, and the limits as rlimits of the sandboxed process.
 *
 * <p>What gVisor (Debian's runsc build) enforces itself: address space, processes (RLIMIT_NPROC, counted inside
 * this sandbox only), file size and open files. What it does NOT, and how it is enforced outside:
 * <ul>
 *   <li>RLIMIT_CPU is accepted but never fires: the runner adds up the CPU time of the sandbox's host processes
 *       (gVisor's kernel and the stub processes that run the code) every 200 ms and kills the sandbox at the
 *       limit, reported as the CPU limit (exit status 152, as SIGXCPU). So the limit counts the whole sandbox,
 *       gVisor's own work included, where bubblewrap counts each process.</li>
 *   <li>gVisor's tmpfs ignores {@code size=}: the job directory is a host tmpfs of the limit's size, mounted in a
 *       private mount namespace ({@code unshare --mount}) around {@code runsc} and bound at {@code /job}.</li>
 *   <li>The wall clock: {@code timeout -s KILL} around {@code runsc run}; gVisor's processes die with it.</li>
 * </ul>
 * Needs root (runsc creates the sandbox's namespaces; the job tmpfs is a mount); the state of each run lives in
 * its own directory, removed afterwards.
 */
public final class GvisorSandbox implements Sandbox {

    private static final Logger LOG = Logger.getLogger(GvisorSandbox.class);
    private static final List<String> TOOLS = List.of("runsc", "unshare", "timeout");
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Exit status reported when the CPU limit was enforced from outside (as if SIGXCPU had killed it). */
    static final int CPU_LIMIT_STATUS = 128 + 24;

    private final Map<String, String> tools;
    private final boolean root;
    private final Path base;
    private volatile boolean verified;

    /**
     * Finds runsc, unshare and timeout; keeps the sandboxes' root skeleton and per-run state under {@code base}.
     *
     * @param base a directory only the validator uses (created when missing)
     */
    public GvisorSandbox(Path base) {
        this.tools = HostTools.locate(TOOLS);
        this.root = HostTools.runningAsRoot();
        this.base = base.toAbsolutePath();
    }

    @Override
    public String name() {
        return "gvisor";
    }

    @Override
    public void verify() {
        String missing = HostTools.missing(tools);
        if (!missing.isEmpty()) {
            throw new SandboxUnavailableException("sandbox unavailable: " + missing
                    + " not found (install the Debian packages runsc, util-linux and coreutils)");
        }
        if (!root) {
            throw new SandboxUnavailableException("sandbox unavailable: the gVisor sandbox needs the validator to run as"
                    + " root (runsc creates the sandbox's namespaces and the job directory is a tmpfs mount)");
        }
        prepareRoot();
        SandboxResult r = execute(SandboxSpec.of(SandboxLimits.DEFAULTS.withTime(10, 30), List.of(), "/usr/bin/true"));
        if (r.exitCode() != 0) {
            throw new SandboxUnavailableException("sandbox unavailable: runsc cannot start a sandbox here (exit "
                    + r.exitCode() + "): " + r.stderr().strip());
        }
        verified = true;
    }

    @Override
    public SandboxResult run(SandboxSpec spec) {
        if (!verified) {
            verify();
        }
        return execute(spec);
    }

    /**
     * Starts a long-lived command (a hosted session) in its own gVisor sandbox, with {@link #run}'s isolation and
     * limits: its standard input and output are the caller's channel. The CPU limit is enforced from outside as in
     * {@link #run} (a watcher adds up the sandbox's host CPU time); the run's directory goes when the process ends.
     */
    @Override
    public Process start(SandboxSpec spec) {
        if (!verified) {
            verify();
        }
        Path run = bundle(spec);
        ProcessBuilder pb = new ProcessBuilder(commandLine(run, spec.limits())).directory(run.toFile());
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            deleteTree(run);
            throw new SandboxUnavailableException("sandbox unavailable: cannot start runsc: " + e.getMessage());
        }
        process.onExit().thenRun(() -> deleteTree(run));
        long cpuLimit = spec.limits().cpuSeconds();
        Thread watch = new Thread(() -> {
            while (process.isAlive()) {
                if (ProcessTreeCpu.seconds(process.toHandle()) > cpuLimit) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                    return;
                }
                try {
                    Thread.sleep(200);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "gvisor-cpu-watch");
        watch.setDaemon(true);
        watch.start();
        return process;
    }

    /** A run's directory: its OCI bundle ({@code config.json}) and the job directory. */
    private Path bundle(SandboxSpec spec) {
        try {
            Path run = Files.createTempDirectory(base, "run-");
            Files.createDirectories(run.resolve("job"));
            Files.setPosixFilePermissions(run.resolve("job"), PosixFilePermissions.fromString("rwxrwxrwx"));
            Files.writeString(run.resolve("config.json"), JSON.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(config(spec, run.resolve("job"))));
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare a gVisor bundle under " + base, e);
        }
    }

    private SandboxResult execute(SandboxSpec spec) {
        SandboxLimits limits = spec.limits();
        Path run = bundle(spec);
        try {
            ProcessRunner.Outcome o = ProcessRunner.run(commandLine(run, limits), Map.of(), run, spec.stdin(),
                    limits.outputCapBytes(), limits.wallSeconds() * 1000L + 15_000,
                    p -> ProcessTreeCpu.seconds(p.toHandle()) > limits.cpuSeconds());
            String err = o.stderr().text();
            if (o.exitCode() == 128 && err.startsWith("running container: ")) {
                // runsc's own setup failed (bundle, mounts, program not found): nothing of the command ran
                throw new SandboxUnavailableException("sandbox setup failed: " + err.lines().findFirst().orElse(err));
            }
            if (o.killedByWatch()) {
                return new SandboxResult(CPU_LIMIT_STATUS, o.stdout().text(), err, o.stdout().truncated(),
                        o.stderr().truncated(), o.wallMillis(), SandboxResult.Termination.CPU_LIMIT);
            }
            return new SandboxResult(o.exitCode(), o.stdout().text(), err, o.stdout().truncated(), o.stderr().truncated(),
                    o.wallMillis(), HostTools.termination(o, limits));
        } finally {
            deleteTree(run);
        }
    }

    /**
     * The host command line of one run: a private mount namespace whose tmpfs (the limit's size) becomes
     * {@code /job}, the wall clock, then {@code runsc run} with this run's own state directory.
     *
     * @param run the run's directory (bundle {@code config.json}, {@code job}, {@code state})
     * @param limits the limits
     * @return the command line
     */
    List<String> commandLine(Path run, SandboxLimits limits) {
        List<String> c = new ArrayList<>(List.of(tools.get("unshare"), "--mount", "--propagation", "private", "--",
                "/bin/sh", "-c", "mount -t tmpfs -o size=" + limits.tmpfsBytes() + ",mode=1777 envhub-job \"$0\" && exec \"$@\"",
                run.resolve("job").toString(),
                tools.get("timeout"), "-s", "KILL", Integer.toString(limits.wallSeconds()),
                tools.get("runsc"), "--root", run.resolve("state").toString(), "--network=none", "--ignore-cgroups",
                "run", "--bundle", run.toString(), "envhub-" + UUID.randomUUID()));
        return c;
    }

    /**
     * The OCI runtime configuration of one command.
     *
     * @param spec the command
     * @param job the host directory bound at {@code /job} (a tmpfs by the time runsc starts)
     * @return config.json's content
     */
    ObjectNode config(SandboxSpec spec, Path job) {
        SandboxLimits l = spec.limits();
        ObjectNode c = JSON.createObjectNode();
        c.put("ociVersion", "1.0.2");
        ObjectNode p = c.putObject("process");
        p.put("terminal", false);
        p.putObject("user").put("uid", l.uid()).put("gid", l.uid());
        ArrayNode args = p.putArray("args");
        spec.command().forEach(args::add);
        ArrayNode env = p.putArray("env");
        spec.environment().forEach((k, v) -> env.add(k + "=" + v));
        p.put("cwd", JOB_DIR);
        ObjectNode caps = p.putObject("capabilities");
        for (String set : List.of("bounding", "effective", "inheritable", "permitted", "ambient")) {
            caps.putArray(set);
        }
        ArrayNode rlimits = p.putArray("rlimits");
        rlimit(rlimits, "RLIMIT_AS", l.memoryBytes(), l.memoryBytes());
        rlimit(rlimits, "RLIMIT_CPU", l.cpuSeconds(), l.cpuSeconds() + 1);
        rlimit(rlimits, "RLIMIT_NPROC", l.processes(), l.processes());
        rlimit(rlimits, "RLIMIT_FSIZE", l.fileSizeBytes(), l.fileSizeBytes());
        rlimit(rlimits, "RLIMIT_NOFILE", l.openFiles(), l.openFiles());
        rlimit(rlimits, "RLIMIT_CORE", 0, 0);
        p.put("noNewPrivileges", true);
        c.putObject("root").put("path", base.resolve("rootfs").toString()).put("readonly", true);
        c.put("hostname", "sandbox");
        ArrayNode mounts = c.putArray("mounts");
        mount(mounts, "/proc", "proc", "proc", List.of("nosuid", "noexec", "nodev"));
        mount(mounts, "/usr", "bind", "/usr", List.of("rbind", "ro", "nosuid", "nodev"));
        mount(mounts, JOB_DIR, "bind", job.toString(), List.of("rbind", "rw", "nosuid", "nodev"));
        for (Mount m : spec.mounts()) {
            mount(mounts, m.target(), "bind", m.host().toAbsolutePath().toString(),
                    List.of("rbind", m.writable() ? "rw" : "ro", "nosuid", "nodev"));
        }
        ArrayNode ns = c.putObject("linux").putArray("namespaces");
        for (String type : List.of("pid", "network", "ipc", "uts", "mount")) {
            ns.addObject().put("type", type);
        }
        return c;
    }

    private static void rlimit(ArrayNode rlimits, String type, long soft, long hard) {
        rlimits.addObject().put("type", type).put("soft", soft).put("hard", hard);
    }

    private static void mount(ArrayNode mounts, String destination, String type, String source, List<String> options) {
        ObjectNode m = mounts.addObject().put("destination", destination).put("type", type).put("source", source);
        ArrayNode o = m.putArray("options");
        options.forEach(o::add);
    }

    /**
     * The root file system every sandbox starts from, read-only: empty mount points and the links of a merged-/usr
     * Debian. Its directories are open to all (the mount is read-only, so writes fail with EROFS as under bubblewrap)
     * and live under {@code base}, which only root may enter.
     */
    private void prepareRoot() {
        try {
            Files.createDirectories(base);
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx------"));
            Path rootfs = base.resolve("rootfs");
            if (Files.isDirectory(rootfs.resolve("job"))) {
                return;
            }
            Path staging = Files.createTempDirectory(base, "rootfs-");
            for (String dir : List.of("usr", "proc", "dev", "job")) {
                Files.createDirectory(staging.resolve(dir));
            }
            for (String[] link : List.of(new String[] {"lib", "usr/lib"}, new String[] {"lib64", "usr/lib64"},
                    new String[] {"bin", "usr/bin"}, new String[] {"sbin", "usr/sbin"}, new String[] {"tmp", "job"})) {
                Files.createSymbolicLink(staging.resolve(link[0]), Path.of(link[1]));
            }
            Files.setPosixFilePermissions(staging, PosixFilePermissions.fromString("rwxrwxrwx"));
            try {
                Files.move(staging, rootfs);
            } catch (IOException raced) {
                deleteTree(staging);
                if (!Files.isDirectory(rootfs.resolve("job"))) {
                    throw raced;
                }
            }
        } catch (IOException e) {
            throw new SandboxUnavailableException("sandbox unavailable: cannot prepare gVisor's root file system under "
                    + base + ": " + e.getMessage());
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.warnf("cannot delete %s: %s", dir, e.toString());
        }
    }
}
