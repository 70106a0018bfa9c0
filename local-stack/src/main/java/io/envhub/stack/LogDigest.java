package io.envhub.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The last meaningful lines of a component's log, for a person reading why it did not start: Quarkus' JSON lines
 * become "LEVEL message" (with the exception), the periodic health reports are left out (they repeat the same JSON
 * on every probe), repeated lines are folded.
 */
final class LogDigest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private LogDigest() {
    }

    /** The log's size now: pass it to {@link #since} to read only what a process start wrote. */
    static long size(Path log) {
        try {
            return Files.exists(log) ? Files.size(log) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** Up to {@code max} meaningful lines written after byte {@code offset}. */
    static List<String> since(Path log, long offset, int max) {
        if (!Files.exists(log)) {
            return List.of();
        }
        try (InputStream in = Files.newInputStream(log)) {
            long skipped = in.skip(Math.max(0, offset));
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return digest(skipped == offset ? text : "", max);
        } catch (IOException e) {
            return List.of("(could not read " + log + ": " + e.getMessage() + ")");
        }
    }

    /** The meaningful lines of some log text, oldest first, at most {@code max} (the newest ones). */
    static List<String> digest(String text, int max) {
        List<String> lines = new ArrayList<>();
        String previous = null;
        int repeats = 0;
        for (String raw : text.split("\\R")) {
            String line = meaningful(raw);
            if (line == null) {
                continue;
            }
            if (line.equals(previous)) {
                repeats++;
                continue;
            }
            if (repeats > 0) {
                lines.add("  (the line above repeated " + repeats + " more times)");
            }
            lines.add(line);
            previous = line;
            repeats = 0;
        }
        if (repeats > 0) {
            lines.add("  (the line above repeated " + repeats + " more times)");
        }
        return lines.subList(Math.max(0, lines.size() - max), lines.size());
    }

    /** One log line as a person wants to read it, or null when it says nothing (blank, a health report). */
    static String meaningful(String raw) {
        String line = raw.strip();
        if (line.isEmpty()) {
            return null;
        }
        if (!line.startsWith("{")) {
            return line.contains("SRHCK01001") ? null : line;
        }
        try {
            JsonNode j = JSON.readTree(line);
            String logger = j.path("loggerName").asText("");
            String message = j.path("message").asText("");
            if (logger.contains("health") || message.startsWith("SRHCK01001")) {
                return null;
            }
            StringBuilder b = new StringBuilder(j.path("level").asText("?")).append(' ').append(message);
            JsonNode ex = j.path("exception");
            while (!ex.isMissingNode() && !ex.isNull()) {
                b.append(" | ").append(ex.path("exceptionType").asText("")).append(": ").append(ex.path("message").asText(""));
                ex = ex.path("causedBy").path("exception");
            }
            return b.toString();
        } catch (IOException e) {
            return line;
        }
    }
}
