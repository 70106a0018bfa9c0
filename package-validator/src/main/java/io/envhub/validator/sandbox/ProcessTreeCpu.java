package io.envhub.validator.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time used by a host process and all its descendants, read from {@code /proc/<pid>/stat} (user and system time
 * of each live process plus what its reaped children used). Used to enforce a CPU limit from outside a sandbox whose
 * kernel does not enforce RLIMIT_CPU itself (gVisor): the sandbox's whole CPU time, its user-space kernel included.
 */
final class ProcessTreeCpu {

    /** USER_HZ: the unit of the times in {@code /proc/<pid>/stat} on Linux. */
    private static final long TICKS_PER_SECOND = 100;

    private ProcessTreeCpu() {
    }

    /**
     * CPU seconds used so far by the process tree (a process that ended between listing and reading counts as 0).
     *
     * @param root the tree's root
     * @return seconds of CPU time
     */
    static double seconds(ProcessHandle root) {
        long ticks = ticks(root.pid());
        try (Stream<ProcessHandle> tree = root.descendants()) {
            ticks += tree.mapToLong(p -> ticks(p.pid())).sum();
        }
        return ticks / (double) TICKS_PER_SECOND;
    }

    /** utime + stime + cutime + cstime of one process, in ticks; 0 when it is gone. */
    static long ticks(long pid) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (IOException e) {
            return 0;
        }
        return parse(stat);
    }

    /**
     * Reads the four time fields (14 to 17) of a {@code /proc/<pid>/stat} line; the command name (field 2) may hold
     * spaces and parentheses, so fields are counted after its last ')'.
     */
    static long parse(String stat) {
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        // f[0] is field 3 (state): field n is f[n - 3]
        return Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
    }
}
