package io.envhub.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The fields of {@code /proc/<pid>/stat} the stack needs: state, parent, process group, session and start time
 * (in clock ticks since boot, which tells a process apart from a later one with the same pid).
 *
 * @param state one letter: R, S, D, T, Z (zombie), X (dead), ...
 */
record ProcStat(long pid, char state, long ppid, long pgrp, long session, long startTime) {
    private static final Path PROC = Path.of("/proc");

    /** The process's fields, or empty when there is no such process (or no /proc). */
    static Optional<ProcStat> of(long pid) {
        try {
            return Optional.of(parse(pid, Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"),
                    StandardCharsets.UTF_8)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Parses a stat line; the command name may hold spaces and parentheses, so fields are counted after the last ')'. */
    static ProcStat parse(long pid, String line) {
        String[] f = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
        // after the name: state(3) ppid(4) pgrp(5) session(6) ... starttime(22), numbered as in proc(5)
        return new ProcStat(pid, f[0].charAt(0), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
                Long.parseLong(f[19]));
    }

    /** Neither a zombie nor dead. */
    boolean running() {
        return state != 'Z' && state != 'X';
    }

    /** The running processes whose session id is {@code session} and that started at {@code notBefore} or later. */
    static List<Long> sessionMembers(long session, long notBefore) {
        List<Long> members = new ArrayList<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(PROC, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : dirs) {
                long pid = Long.parseLong(dir.getFileName().toString());
                of(pid).filter(st -> st.session() == session && st.running() && st.startTime() >= notBefore)
                        .ifPresent(st -> members.add(pid));
            }
        } catch (IOException e) {
            return members;
        }
        return members;
    }
}
