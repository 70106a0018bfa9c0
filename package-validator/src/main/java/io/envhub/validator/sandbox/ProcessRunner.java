package io.envhub.validator.sandbox;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Starts a host process with an empty environment (only PATH), feeds its standard input, captures its output up
 * to a cap and, as a backstop behind the sandbox's own timeout, kills it and all its descendants after a deadline.
 */
final class ProcessRunner {

    /** What happened to a process. */
    record Outcome(int exitCode, CappedOutput stdout, CappedOutput stderr, long wallMillis, boolean killedByDeadline) {
    }

    private ProcessRunner() {
    }

    static Outcome run(List<String> argv, byte[] stdin, int outputCap, long deadlineMillis) {
        return run(argv, Map.of(), null, stdin, outputCap, deadlineMillis);
    }

    static Outcome run(List<String> argv, Map<String, String> env, Path dir, byte[] stdin, int outputCap, long deadlineMillis) {
        ProcessBuilder pb = new ProcessBuilder(argv);
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        pb.environment().clear();
        pb.environment().put("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
        pb.environment().putAll(env);
        long start = System.nanoTime();
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + argv.get(0), e);
        }
        CappedOutput out = new CappedOutput(outputCap);
        CappedOutput err = new CappedOutput(outputCap);
        Thread outReader = daemon("sandbox-stdout", () -> out.drain(process.getInputStream()));
        Thread errReader = daemon("sandbox-stderr", () -> err.drain(process.getErrorStream()));
        Thread writer = daemon("sandbox-stdin", () -> feed(process.getOutputStream(), stdin));
        boolean killed = false;
        try {
            if (!process.waitFor(deadlineMillis, TimeUnit.MILLISECONDS)) {
                killed = true;
                killTree(process);
                process.waitFor(10, TimeUnit.SECONDS);
            }
            outReader.join(5000);
            errReader.join(5000);
            writer.join(1000);
        } catch (InterruptedException e) {
            killTree(process);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the sandbox", e);
        }
        long wall = (System.nanoTime() - start) / 1_000_000;
        return new Outcome(process.isAlive() ? -1 : process.exitValue(), out, err, wall, killed);
    }

    static void killTree(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private static void feed(OutputStream in, byte[] bytes) {
        try (in) {
            in.write(bytes);
        } catch (IOException ignored) {
            // the command does not read its input
        }
    }

    private static Thread daemon(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
        return t;
    }
}
