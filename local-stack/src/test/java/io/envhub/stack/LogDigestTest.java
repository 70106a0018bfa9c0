package io.envhub.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a person sees of a component's log when it does not start. */
class LogDigestTest {
    private static final String HEALTH = "{\"level\":\"WARN\",\"loggerName\":\"io.smallrye.health\",\"message\":"
            + "\"SRHCK01001: Reporting health down status: {\\\"status\\\":\\\"DOWN\\\"}\"}";

    @Test
    void jsonLinesBecomeLevelAndMessageWithTheirExceptionAndHealthReportsAreDropped() {
        String log = String.join("\n",
                "{\"level\":\"INFO\",\"loggerName\":\"io.quarkus\",\"message\":\"starting\"}",
                HEALTH, HEALTH, HEALTH,
                "{\"level\":\"ERROR\",\"loggerName\":\"io.quarkus.runtime\",\"message\":\"Failed to start application\","
                        + "\"exception\":{\"exceptionType\":\"java.lang.IllegalArgumentException\",\"message\":\"bad value\","
                        + "\"causedBy\":{\"exception\":{\"exceptionType\":\"java.lang.NumberFormatException\","
                        + "\"message\":\"For input string\"}}}}",
                "", "plain text line");
        List<String> lines = LogDigest.digest(log, 10);
        assertEquals(List.of("INFO starting",
                "ERROR Failed to start application | java.lang.IllegalArgumentException: bad value"
                        + " | java.lang.NumberFormatException: For input string",
                "plain text line"), lines);
    }

    @Test
    void repeatedLinesAreFoldedAndOnlyTheNewestAreKept() {
        String log = "a\nb\nb\nb\nc\nd";
        assertEquals(List.of("a", "b", "  (the line above repeated 2 more times)", "c", "d"), LogDigest.digest(log, 10));
        assertEquals(List.of("c", "d"), LogDigest.digest(log, 2));
    }

    @Test
    void readsOnlyWhatWasWrittenSinceAnOffset(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("x.log");
        Files.writeString(log, "old run\n");
        long offset = LogDigest.size(log);
        Files.writeString(log, "old run\nnew run\n");
        assertEquals(List.of("new run"), LogDigest.since(log, offset, 10));
        assertTrue(LogDigest.since(dir.resolve("missing.log"), 0, 10).isEmpty());
    }

    @Test
    void procStatFieldsAreCountedAfterTheCommandName() {
        // a command name with spaces and a parenthesis, as /proc shows it
        ProcStat st = ProcStat.parse(42, "42 (my (odd) name) Z 1 42 42 0 -1 4194304 0 0 0 0 0 0 0 0 20 0 1 0 123456 0 0");
        assertEquals('Z', st.state());
        assertEquals(1, st.ppid());
        assertEquals(42, st.session());
        assertEquals(123456, st.startTime());
        assertFalse(st.running(), "a zombie is not running");
    }

    @Test
    void aZombieIsNotAlive() throws Exception {
        // the child exits after a second, when its parent is already `sleep` (sh exec'd it), which never reaps it: a
        // zombie until sleep ends. (A child that exits at once can be reaped by sh itself before the exec, under load.)
        Process p = new ProcessBuilder("sh", "-c", "sh -c 'sleep 1; exit 0' & echo $!; exec sleep 20").start();
        try {
            // one line, not a byte count: stdout stays open while sleep runs, and waiting for it let sh reap the child
            String line = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                    java.nio.charset.StandardCharsets.US_ASCII)).readLine();
            long child = Long.parseLong(line.trim());
            long deadline = System.currentTimeMillis() + 15_000;
            while (ProcStat.of(child).map(ProcStat::running).orElse(false) && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(ProcStat.of(child).isPresent(), "the zombie is still in /proc");
            assertTrue(ProcessHandle.of(child).map(ProcessHandle::isAlive).orElse(false), "the JDK calls a zombie alive");
            assertFalse(Processes.isAlive(child), "the stack does not");
        } finally {
            p.destroyForcibly();
        }
    }
}
