package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.CliContext;
import io.envhub.cli.ExitCodes;
import io.envhub.cli.http.ApiProblem;
import io.envhub.cli.http.Situation;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Polls a version until the hub's validation ends, and prints its summary. */
final class ValidationWait {
    private static final Set<String> WAITING = Set.of("pending", "validating", "queued", "running");

    private final CliContext ctx;
    private final long timeoutSeconds;

    ValidationWait(CliContext ctx, long timeoutSeconds) {
        this.ctx = ctx;
        this.timeoutSeconds = timeoutSeconds;
    }

    /**
     * The outcome.
     *
     * @param status last status seen, or null when the hub cannot tell
     * @param finished whether validation ended
     * @param note what was printed
     * @param version the version document, or null
     */
    record Result(String status, boolean finished, String note, JsonNode version) {
        int exitCode() {
            return "failed".equals(status) || "error".equals(status) ? ExitCodes.REFUSED : ExitCodes.OK;
        }

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("status", status);
            m.put("finished", finished);
            m.put("note", note);
            if (version != null) {
                m.put("version", version);
            }
            return m;
        }
    }

    Result await(String owner, String name, String version) {
        String url = ctx.hub().url("api", "v1", "environments", owner, name, "versions", version);
        Situation s = Situation.of("push", owner, name, version);
        Instant deadline = Instant.now().plusSeconds(timeoutSeconds);
        long delayMs = 1000;
        boolean announced = false;
        String status = null;
        JsonNode doc = null;
        while (true) {
            try {
                doc = ctx.hub().get(url, s);
            } catch (ApiProblem p) {
                if (p.status() == 404 || p.status() == 405) {
                    return done(new Result(null, false, "this hub does not report validation status yet (HTTP " + p.status()
                            + "); check the environment's page later", null));
                }
                throw p;
            }
            status = doc.path("status").asText(null);
            if (status == null) {
                return done(new Result(null, false, "the hub's answer has no validation status", doc));
            }
            if (!WAITING.contains(status)) {
                JsonNode report = report(url + "/report", s);
                return done(new Result(status, true, summary(status, report == null ? doc : report), doc));
            }
            if (!Instant.now().plus(Duration.ofMillis(delayMs)).isBefore(deadline)) {
                return done(new Result(status, false, "validation still " + status + " after " + timeoutSeconds
                        + " s; the version is published — check later with `envhub versions " + owner + "/" + name + "`", doc));
            }
            if (!announced && !ctx.json()) {
                ctx.out().println("Waiting for validation (status: " + status + "; up to " + timeoutSeconds
                        + " s; Ctrl-C stops waiting, the version stays published)...");
                announced = true;
            }
            try {
                Thread.sleep(delayMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return done(new Result(status, false, "stopped waiting", doc));
            }
            delayMs = Math.min(5000, delayMs * 3 / 2);
        }
    }

    /** The stored validation report, or null when the hub has none (older hubs, or not recorded yet). */
    private JsonNode report(String url, Situation s) {
        try {
            return ctx.hub().get(url, s);
        } catch (ApiProblem p) {
            if (p.status() == 404 || p.status() == 405) {
                return null;
            }
            throw p;
        }
    }

    private Result done(Result r) {
        if (!ctx.json()) {
            ctx.out().println("Validation: " + r.note());
        }
        return r;
    }

    private static String summary(String status, JsonNode doc) {
        StringBuilder sb = new StringBuilder(status);
        JsonNode report = doc.has("validation") ? doc.get("validation") : doc.path("report");
        String text = report.path("summary").asText(null);
        if (text != null) {
            sb.append(" — ").append(text);
        }
        if (!doc.has("checks")) {
            report = doc;
        }
        for (JsonNode c : report.path("checks")) {
            String checkStatus = c.path("status").asText("pass");
            if (!"pass".equals(checkStatus) && !"passed".equals(checkStatus)) {
                sb.append(System.lineSeparator()).append("  ").append(checkStatus).append("  ")
                        .append(c.path("id").asText(c.path("name").asText("?")));
                String message = c.path("message").asText(c.path("detail").asText(""));
                if (!message.isEmpty()) {
                    sb.append(": ").append(message);
                }
            }
        }
        JsonNode trust = report.path("trust");
        for (JsonNode flag : trust.path("flags")) {
            sb.append(System.lineSeparator()).append("  trust  ").append(flag.isTextual() ? flag.asText() : flag.toString());
        }
        for (JsonNode overlap : trust.path("contamination")) {
            sb.append(System.lineSeparator()).append("  trust  dataset overlaps ").append(overlap.path("owner").asText())
                    .append('/').append(overlap.path("name").asText()).append(' ').append(overlap.path("version").asText())
                    .append(String.format(java.util.Locale.ROOT, " (%.0f%% of rows)", overlap.path("overlap").asDouble() * 100));
        }
        return sb.toString();
    }
}
