package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.cli.context.CliContext;
import io.envhub.cli.core.ExitCodes;
import io.envhub.cli.http.ApiProblem;
import io.envhub.cli.http.Situation;
import io.envhub.contract.TrustStatus;
import io.envhub.contract.VersionStatus;
import io.envhub.contract.api.VersionDetail;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Polls a version until the hub's validation ends, and prints its summary. */
final class ValidationWait {
    private static final Set<String> WAITING = Set.of(VersionStatus.PENDING.wire(), VersionStatus.VALIDATING.wire(), "queued",
            "running");

    private final CliContext ctx;
    private final long timeoutSeconds;

    ValidationWait(CliContext ctx, long timeoutSeconds) {
        this.ctx = ctx;
        this.timeoutSeconds = timeoutSeconds;
    }

    /**
     * The outcome.
     *
     * @param status the last {@code trustStatus} seen ({@code validating} while it runs), or null when the hub cannot tell
     * @param verdict the hub's verdict ({@code trustStatus}) once finished, else null
     * @param finished whether validation ended
     * @param note what was printed
     * @param version the version document, or null
     * @param pageUrl the version's web page
     */
    record Result(String status, String verdict, boolean finished, String note, JsonNode version, String pageUrl) {
        /**
         * The exit code: 1 for failed or error; with {@code strict}, 5 for a pass with warnings (flagged, static checks
         * only) or a validation that did not finish; else 0.
         */
        int exitCode(boolean strict) {
            if (VersionStatus.FAILED.is(status) || VersionStatus.ERROR.is(status) || TrustStatus.FAILED.is(verdict)
                    || TrustStatus.ERROR.is(verdict)) {
                return ExitCodes.REFUSED;
            }
            if (strict && (!finished || ValidationSummary.WARNING_VERDICTS.contains(verdict))) {
                return ExitCodes.WARNINGS;
            }
            return ExitCodes.OK;
        }

        Map<String, Object> toJson() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("trustStatus", verdict != null ? verdict : status);
            m.put("finished", finished);
            m.put("note", note);
            m.put("url", pageUrl);
            if (version != null) {
                m.put("version", version);
            }
            return m;
        }
    }

    Result await(String owner, String name, String version) {
        String url = ctx.hub().url("api", "v1", "environments", owner, name, "versions", version);
        Situation s = Situation.of("push", owner, name, version);
        String page = ctx.webUrl() + "/" + owner + "/" + name + "/versions/" + version;
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
                    return done(new Result(null, null, false, "this hub does not report validation status yet (HTTP "
                            + p.status() + "); check the environment's page later", null, page));
                }
                throw p;
            }
            VersionDetail v = doc.isObject() ? ctx.hub().read(doc, VersionDetail.class) : null;
            // one status vocabulary (issue 36): the hub's trustStatus; validating until the validator reports
            status = v == null || v.verdict() == null ? null : v.verdict().trustStatus();
            if (status == null) {
                return done(new Result(null, null, false, "the hub's answer has no validation status", doc, page));
            }
            if (!WAITING.contains(status)) {
                JsonNode report = report(url + "/report", s);
                String text = String.join(System.lineSeparator(), ValidationSummary.lines(v, report, page));
                Result r = new Result(status, ValidationSummary.verdict(v), true, text, doc, page);
                if (!ctx.json()) {
                    ctx.out().println(text);
                }
                return r;
            }
            if (!Instant.now().plus(Duration.ofMillis(delayMs)).isBefore(deadline)) {
                return done(new Result(status, null, false, "still validating after " + timeoutSeconds
                        + " s; the version is published — check later with `envhub versions " + owner + "/" + name
                        + "` or " + page, doc, page));
            }
            if (!announced && !ctx.json()) {
                // the pages' word for a version whose validation has not ended (the API's internal pending included)
                ctx.out().println("Waiting for validation (status: validating; up to " + timeoutSeconds
                        + " s; Ctrl-C stops waiting, the version stays published)...");
                announced = true;
            }
            try {
                Thread.sleep(delayMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return done(new Result(status, null, false, "stopped waiting", doc, page));
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
}
