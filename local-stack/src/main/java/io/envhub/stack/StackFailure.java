package io.envhub.stack;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/**
 * A component that did not start or become healthy, with what a person needs to see once: the reason, the
 * component's own last meaningful log lines (from this start when it was started now), and the health checks that
 * say DOWN.
 */
final class StackFailure extends Exception {
    private static final int LOG_LINES = 25;

    private final String component;
    private final transient Path log;
    private final long logOffset;
    private final String readinessUrl;

    /**
     * @param logOffset where this start's output begins in the log; negative for the whole log (a component that
     *                  was running already)
     * @param readinessUrl the health endpoint to quote, or null
     */
    StackFailure(String component, String message, Path log, long logOffset, String readinessUrl) {
        super(message);
        this.component = component;
        this.log = log;
        this.logOffset = logOffset;
        this.readinessUrl = readinessUrl;
    }

    void report(PrintStream out) {
        out.println("envhub-stack: " + getMessage());
        if (readinessUrl != null) {
            String health = Http.body(readinessUrl);
            if (health != null) {
                out.println("---- " + readinessUrl + " ----");
                out.println(health.replaceAll("\\s+", " ").trim());
            }
        }
        List<String> lines = LogDigest.since(log, Math.max(0, logOffset), LOG_LINES);
        String which = logOffset > 0 ? " since this start" : "";
        if (lines.isEmpty() && logOffset > 0) {
            lines = LogDigest.since(log, 0, LOG_LINES);
            which = " (nothing written since this start; earlier lines)";
        }
        out.println("---- last lines of " + component + "'s log" + which + ": " + log + " ----");
        out.println(lines.isEmpty() ? "(the log is empty)" : String.join(System.lineSeparator(), lines));
        out.println("---- full log: ./envhub-stack logs " + component + " ----");
    }
}
