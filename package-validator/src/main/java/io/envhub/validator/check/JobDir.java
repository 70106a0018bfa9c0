package io.envhub.validator.check;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * The host directory of one validation job. Everything bound into the sandbox is world-readable (directories
 * 0755, files 0644), because sandboxed code runs as an unprivileged uid; only the venv is handed to that uid, for
 * the install step. The whole tree is deleted when the job ends.
 */
final class JobDir implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(JobDir.class);

    private final Path root;
    private final Path wheelDir;
    private final Path srcDir;
    private final Path harness;
    private final Path venv;
    private final Path emptyWheelhouse;
    private final Path deps;
    private final Path scratch;

    private JobDir(Path root) throws IOException {
        this.root = root;
        this.wheelDir = dir(root.resolve("wheel"));
        this.srcDir = dir(root.resolve("src"));
        this.emptyWheelhouse = dir(root.resolve("wheelhouse"));
        this.deps = dir(root.resolve("deps"));
        this.scratch = dir(root.resolve("resolve"));
        this.venv = dir(root.resolve("venv"));
        this.harness = dir(root.resolve("harness"));
        for (Map.Entry<String, byte[]> module : Harness.modules().entrySet()) {
            file(harness.resolve(module.getKey()), module.getValue());
        }
    }

    /**
     * Creates a job directory.
     *
     * @param workDir parent of all job directories (created 0755 if missing)
     * @param sandboxUid uid that gets the venv directory (ignored unless the validator runs as root)
     * @param chown whether to hand the venv to the sandbox uid
     * @return the job directory
     */
    static JobDir create(Path workDir, int sandboxUid, boolean chown) {
        try {
            if (!Files.isDirectory(workDir)) {
                dir(Files.createDirectories(workDir));
            }
            if (chown) {
                requireSearchable(workDir.toAbsolutePath());
            }
            JobDir job = new JobDir(dir(Files.createTempDirectory(workDir, "job-")));
            if (chown) {
                Files.setAttribute(job.venv, "unix:uid", sandboxUid);
                Files.setAttribute(job.venv, "unix:gid", sandboxUid);
            }
            return job;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a job directory under " + workDir, e);
        }
    }

    /** Whether the validator runs as root (then the venv is handed to the sandbox uid). */
    static boolean runningAsRoot() {
        try {
            return ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).intValue() == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    Path root() {
        return root;
    }

    Path venv() {
        return venv;
    }

    /** The directory of the harness modules (bound read-only at {@link Harness#DIR}). */
    Path harness() {
        return harness;
    }

    Path wheelDir() {
        return wheelDir;
    }

    Path srcDir() {
        return srcDir;
    }

    Path emptyWheelhouse() {
        return emptyWheelhouse;
    }

    /** The dependency wheels resolved for this job (bound read-only into the install step). */
    Path deps() {
        return deps;
    }

    /** Scratch space of the resolution outside the sandbox (never bound into it). */
    Path scratch() {
        return scratch;
    }

    /** Copies the wheel in under its canonical name. */
    Path putWheel(Path wheel, String fileName) {
        try {
            Path target = wheelDir.resolve(fileName);
            Files.copy(wheel, target, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy the wheel into the job directory", e);
        }
    }

    /** Writes one source file for the ast check. */
    Path putSource(String fileName, byte[] content) {
        try {
            return file(srcDir.resolve(fileName), content);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + fileName, e);
        }
    }

    @Override
    public void close() {
        try (Stream<Path> walk = Files.walk(root)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.warnf("cannot delete job directory %s: %s", root, e.toString());
        }
    }

    /** Every directory above a bind source must be searchable by the sandbox uid, or bwrap cannot bind it. */
    static void requireSearchable(Path dir) throws IOException {
        for (Path p = dir; p != null; p = p.getParent()) {
            if (!Files.getPosixFilePermissions(p).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                throw new IOException(p + " is not searchable by other users (mode o+x needed): the sandbox uid cannot"
                        + " reach " + dir);
            }
        }
    }

    private static Path dir(Path p) throws IOException {
        Files.createDirectories(p);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private static Path file(Path p, byte[] content) throws IOException {
        Files.write(p, content);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-r--r--"));
        return p;
    }
}
