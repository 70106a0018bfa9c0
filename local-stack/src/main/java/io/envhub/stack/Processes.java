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
            record(pid, pidFile);
        }
        return pid;
    }

    /**
     * Records a running process in {@code pidFile}, with its start time next to it: the start time tells this process
     * apart from a later one that reuses its pid (see {@link #livePid}).
     */
    public static void record(long pid, Path pidFile) throws IOException {
        Files.createDirectories(pidFile.toAbsolutePath().getParent());
        Optional<ProcStat> stat = ProcStat.of(pid);
        if (stat.isPresent()) {
            Files.writeString(startFile(pidFile), Long.toString(stat.get().startTime()), StandardCharsets.UTF_8);
        } else {
            Files.deleteIfExists(startFile(pidFile));
        }
        Files.writeString(pidFile, Long.toString(pid), StandardCharsets.UTF_8);
    }

    /** The start time of a live process (clock ticks since boot), or -1 when it cannot be read. */
    public static long startTime(long pid) {
        return ProcStat.of(pid).map(ProcStat::startTime).orElse(-1L);
    }

    /**
     * The pid recorded in the file, if the file exists and that very process is still alive: not a zombie (a
     * killed process stays one until it is reaped), and not another process that reused the pid.
     */
    public static Optional<Long> livePid(Path pidFile) {
        return recordedPid(pidFile).filter(pid -> {
            if (!isAlive(pid)) {
                return false;
            }
            long recordedStart = recordedStartTime(pidFile);
            return recordedStart < 0 || ProcStat.of(pid).map(st -> st.startTime() == recordedStart).orElse(true);
        });
    }

    /** The pid written in the file, alive or not. */
    public static Optional<Long> recordedPid(Path pidFile) {
        try {
            if (!Files.exists(pidFile)) {
                return Optional.empty();
            }
            return Optional.of(Long.parseLong(Files.readString(pidFile, StandardCharsets.UTF_8).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The start time recorded next to the pid file (clock ticks since boot), or -1 when there is none. */
    public static long recordedStartTime(Path pidFile) {
        try {
            Path start = startFile(pidFile);
            return Files.exists(start) ? Long.parseLong(Files.readString(start, StandardCharsets.UTF_8).trim()) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    /** Removes a pid file and the start time recorded next to it. */
    public static void forget(Path pidFile) throws IOException {
        Files.deleteIfExists(pidFile);
        Files.deleteIfExists(startFile(pidFile));
    }

    private static Path startFile(Path pidFile) {
        return pidFile.resolveSibling(pidFile.getFileName() + ".start");
    }

    /**
     * True if a process with that pid exists and is not a zombie. ({@link ProcessHandle#isAlive()} says a zombie
     * is alive: a component killed with {@code kill -9} would look running until its parent reaps it.)
     */
    public static boolean isAlive(long pid) {
        Optional<ProcStat> stat = ProcStat.of(pid);
        if (stat.isPresent()) {
            return stat.get().running();
        }
        return !Files.isDirectory(Path.of("/proc/self")) && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    /**
     * Stops every process left in the session that {@code leader} started (a component is started with
     * {@code setsid}, so its children stay in that session even when they make their own process group, as
     * {@code timeout} does for the validator's sandbox): TERM, then KILL after {@code graceMillis}.
     * The leader itself may be gone already; that is the case this is for.
     *
     * @param notBefore start time (clock ticks since boot) of the leader when known, else 0: processes that started
     *                  earlier belong to another session that happened to have the same id
     * @return how many processes were signalled
     */
    public static int stopSession(long leader, long notBefore, long graceMillis) throws InterruptedException {
        List<Long> members = ProcStat.sessionMembers(leader, notBefore);
        if (members.isEmpty()) {
            return 0;
        }
        members.forEach(pid -> run("kill", "-TERM", Long.toString(pid)));
        long deadline = System.currentTimeMillis() + graceMillis;
        while (!ProcStat.sessionMembers(leader, notBefore).isEmpty() && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        ProcStat.sessionMembers(leader, notBefore).forEach(pid -> run("kill", "-KILL", Long.toString(pid)));
        return members.size();
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

    /** Stops a component: its process group (TERM, KILL after the grace period), then whatever is left in its session. */
    public static void stopComponent(long pid, long graceMillis) throws InterruptedException {
        long start = ProcStat.of(pid).map(ProcStat::startTime).orElse(0L);
        stopGroup(pid, graceMillis);
        stopSession(pid, start, 5_000);
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
