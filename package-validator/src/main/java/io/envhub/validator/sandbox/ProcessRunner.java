package io.envhub.validator.sandbox;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Starts a host process with an empty environment (only PATH), feeds its standard input, captures its output up
 * to a cap and, as a backstop behind the sandbox's own timeout, kills it and all its descendants after a deadline.
 */
final class ProcessRunner {

    /** What happened to a process; {@code killedByWatch} when the caller's watch asked for it to be killed. */
    record Outcome(int exitCode, CappedOutput stdout, CappedOutput stderr, long wallMillis, boolean killedByDeadline,
                   boolean killedByWatch) {
    }

    /** How often a watch is asked whether the process must be killed. */
    private static final long WATCH_MILLIS = 200;

    private ProcessRunner() {
    }

    static Outcome run(List<String> argv, byte[] stdin, int outputCap, long deadlineMillis) {
        return run(argv, Map.of(), null, stdin, outputCap, deadlineMillis);
    }

    static Outcome run(List<String> argv, Map<String, String> env, Path dir, byte[] stdin, int outputCap, long deadlineMillis) {
        return run(argv, env, dir, stdin, outputCap, deadlineMillis, null);
    }

    /**
     * Runs a process; when {@code killWhen} is given it is asked every 200 ms (with the running process) and the
     * process tree is killed as soon as it answers true (a limit the sandbox cannot enforce itself, checked outside).
     */
    static Outcome run(List<String> argv, Map<String, String> env, Path dir, byte[] stdin, int outputCap, long deadlineMillis,
                       Predicate<Process> killWhen) {
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
        boolean watched = false;
        try {
            long deadline = start + TimeUnit.MILLISECONDS.toNanos(deadlineMillis);
            while (!process.waitFor(Math.min(killWhen == null ? Long.MAX_VALUE : WATCH_MILLIS,
                    Math.max(0, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()))), TimeUnit.MILLISECONDS)) {
                if (System.nanoTime() >= deadline) {
                    killed = true;
                } else if (killWhen != null && killWhen.test(process)) {
                    watched = true;
                } else {
                    continue;
                }
                killTree(process);
                process.waitFor(10, TimeUnit.SECONDS);
                break;
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
        return new Outcome(process.isAlive() ? -1 : process.exitValue(), out, err, wall, killed, watched);
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
