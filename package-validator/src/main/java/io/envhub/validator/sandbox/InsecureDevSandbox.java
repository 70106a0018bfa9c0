package io.envhub.validator.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * NOT A SANDBOX: runs the command directly on the host as the validator's own user, for development machines
 * without bubblewrap, and only when {@code envhub.validator.sandbox.insecure-dev-mode=true}. Sandbox paths in the
 * command and environment are rewritten to their host paths, the job directory is a fresh host directory, the
 * wall clock is enforced by killing the process tree, memory, CPU, file size and open files by {@code prlimit} when
 * present. Network, file system and process count are NOT restricted. Every run logs a warning.
 */
public final class InsecureDevSandbox implements Sandbox {

    private static final Logger LOG = Logger.getLogger(InsecureDevSandbox.class);

    private final Path scratchRoot;
    private final String reason;

    /**
     * Creates the insecure runner.
     *
     * @param scratchRoot directory under which per-run job directories are created
     * @param reason why the real sandbox is not used (logged on every run)
     */
    public InsecureDevSandbox(Path scratchRoot, String reason) {
        this.scratchRoot = scratchRoot;
        this.reason = reason;
    }

    @Override
    public String name() {
        return "insecure-dev-mode (no isolation)";
    }

    @Override
    public void verify() {
        LOG.warnf("INSECURE DEV MODE: untrusted package code runs WITHOUT a sandbox (%s)", reason);
    }

    @Override
    public SandboxResult run(SandboxSpec spec) {
        LOG.warnf("INSECURE DEV MODE: running untrusted package code WITHOUT a sandbox, as the validator's user (%s): %s",
                reason, spec.command());
        Path job;
        try {
            Files.createDirectories(scratchRoot);
            job = Files.createTempDirectory(scratchRoot, "insecure-job-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a job directory under " + scratchRoot, e);
        }
        try {
            Map<String, Path> paths = new LinkedHashMap<>();
            spec.mounts().stream().sorted(Comparator.comparing((Mount m) -> m.target().length()).reversed())
                    .forEach(m -> paths.put(m.target(), m.host().toAbsolutePath()));
            paths.put(JOB_DIR, job);
            paths.put("/tmp", job);
            List<String> argv = new ArrayList<>();
            SandboxLimits l = spec.limits();
            Path prlimit = Path.of("/usr/bin/prlimit");
            if (Files.isExecutable(prlimit)) {
                argv.addAll(List.of(prlimit.toString(), "--as=" + l.memoryBytes(), "--cpu=" + l.cpuSeconds() + ":" + (l.cpuSeconds() + 1),
                        "--fsize=" + l.fileSizeBytes(), "--nofile=" + l.openFiles(), "--core=0", "--"));
            }
            spec.command().forEach(a -> argv.add(rewrite(a, paths)));
            Map<String, String> env = new LinkedHashMap<>(Map.of("HOME", job.toString(), "TMPDIR", job.toString(),
                    "LANG", "C.UTF-8"));
            spec.env().forEach((k, v) -> env.put(k, rewrite(v, paths)));
            ProcessRunner.Outcome o = ProcessRunner.run(argv, env, job, spec.stdin(), l.outputCapBytes(), l.wallSeconds() * 1000L);
            SandboxResult.Termination how = o.killedByDeadline() ? SandboxResult.Termination.WALL_CLOCK
                    : o.exitCode() == 128 + 24 ? SandboxResult.Termination.CPU_LIMIT
                    : o.exitCode() > 128 && o.exitCode() <= 192 ? SandboxResult.Termination.SIGNALED
                    : SandboxResult.Termination.EXITED;
            return new SandboxResult(o.exitCode(), o.stdout().text(), o.stderr().text(), o.stdout().truncated(),
                    o.stderr().truncated(), o.wallMillis(), how);
        } finally {
            deleteTree(job);
        }
    }

    static String rewrite(String value, Map<String, Path> paths) {
        for (Map.Entry<String, Path> e : paths.entrySet()) {
            String target = e.getKey();
            if (value.equals(target)) {
                return e.getValue().toString();
            }
            if (value.startsWith(target + "/")) {
                return e.getValue() + value.substring(target.length());
            }
        }
        return value;
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.warnf("cannot delete %s: %s", dir, e.toString());
        }
    }
}
