package io.envhub.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Starts detached child processes (each in its own session, so a whole tree can be signalled) and stops them
 * again by process group: TERM first, KILL after a grace period.
 */
public final class Processes {
    private Processes() {
    }

    /** Starts {@code command} detached, output appended to {@code log}, and records its pid in {@code pidFile}. */
    public static long startDetached(List<String> command, Map<String, String> env, Path workDir, Path log, Path pidFile)
            throws IOException {
        Files.createDirectories(log.getParent());
        List<String> full = new ArrayList<>();
        full.add("setsid");
        full.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(full)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().putAll(env);
        Process process = pb.start();
        long pid = process.pid();
        if (pidFile != null) {
            Files.createDirectories(pidFile.getParent());
            Files.writeString(pidFile, Long.toString(pid), StandardCharsets.UTF_8);
        }
        return pid;
    }

    /** The pid recorded in the file, if the file exists and that process is still alive. */
    public static Optional<Long> livePid(Path pidFile) {
        try {
            if (!Files.exists(pidFile)) {
                return Optional.empty();
            }
            long pid = Long.parseLong(Files.readString(pidFile, StandardCharsets.UTF_8).trim());
            return isAlive(pid) ? Optional.of(pid) : Optional.empty();
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** True if a process with that pid exists and is not a zombie. */
    public static boolean isAlive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /** Stops the process group led by {@code pid}: TERM, then KILL after {@code graceMillis}. */
    public static void stopGroup(long pid, long graceMillis) throws InterruptedException {
        signalGroup(pid, "TERM");
        long deadline = System.currentTimeMillis() + graceMillis;
        while (groupAlive(pid) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        if (groupAlive(pid)) {
            signalGroup(pid, "KILL");
            Thread.sleep(200);
        }
    }

    private static boolean groupAlive(long pgid) {
        return run("kill", "-0", "--", "-" + pgid) == 0;
    }

    private static void signalGroup(long pgid, String signal) {
        run("kill", "-" + signal, "--", "-" + pgid);
    }

    private static int run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor();
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** The last {@code lines} lines of a log file, or a note that there is none. */
    public static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join(System.lineSeparator(), all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log at " + log + ")";
        }
    }
}
