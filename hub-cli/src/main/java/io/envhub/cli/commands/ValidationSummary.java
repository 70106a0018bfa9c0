package io.envhub.cli.commands;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.cli.http.CliJson;
import io.envhub.contract.TrustStatus;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.VersionDetail;
import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.TrustFinding;
import io.envhub.contract.report.ValidationReport;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code envhub push} prints when validation has ended: the hub's verdict ({@code statusLabel}, the same words as
 * on the web pages), each failing ({@code ✗}) and warning ({@code !}) check of the report with its message, why the
 * runtime did not run, each trust finding with its category and fix hint (each trust flag for reports without
 * findings), and the version page. The verdict is the hub's: nothing is recomputed here
 * (a hub without {@code trustStatus} shows its internal status instead).
 */
final class ValidationSummary {
    /** Verdicts that pass with warnings: {@code --strict} turns them into exit code 5. */
    static final List<String> WARNING_VERDICTS = List.of(TrustStatus.FLAGGED.wire(), TrustStatus.STATIC_ONLY.wire());
    private static final ObjectMapper JSON = CliJson.mapper();

    private ValidationSummary() {
    }

    /**
     * The verdict code: {@code trustStatus} when the hub gives it, else {@code unknown}.
     *
     * @param version the version
     * @return verified, flagged, static-only, failed, validating, error or unknown
     */
    static String verdict(VersionDetail version) {
        String trust = version.verdict() == null ? null : text(version.verdict().trustStatus());
        return trust != null ? trust : "unknown";
    }

    /**
     * The lines to print.
     *
     * @param version the version document ({@code GET .../versions/{v}})
     * @param reportJson the stored validation report, or null when the hub has none
     * @param pageUrl the version's web page
     * @return lines, the first being {@code Status: <label>}
     */
    static List<String> lines(JsonNode version, JsonNode reportJson, String pageUrl) {
        return lines(version(version), reportJson, pageUrl);
    }

    /**
     * The lines to print.
     *
     * @param version the version ({@code GET .../versions/{v}})
     * @param reportJson the stored validation report, or null when the hub has none
     * @param pageUrl the version's web page
     * @return lines, the first being {@code Status: <label>}
     */
    static List<String> lines(VersionDetail version, JsonNode reportJson, String pageUrl) {
        ValidationReport report = report(reportJson);
        Verdict v = version.verdict() != null ? version.verdict() : new Verdict(null, null, false, List.of(), null);
        List<String> out = new ArrayList<>();
        String label = text(v.statusLabel());
        out.add("Status: " + (label != null ? label : "unknown"));
        boolean failingCheck = false;
        if (report != null) {
            for (CheckResult c : report.checks()) {
                String mark = switch (c.status()) {
                    case "fail", "failed", "error" -> "✗";
                    case "warn", "warning" -> "!";
                    default -> null;
                };
                if (mark != null) {
                    failingCheck |= "✗".equals(mark);
                    String message = c.message();
                    out.add("  " + mark + " " + (c.id().isEmpty() ? "?" : c.id()) + (message.isEmpty() ? "" : ": " + message));
                }
            }
        }
        String verdict = verdict(version);
        String reason = text(v.statusReason());
        if (TrustStatus.STATIC_ONLY.is(verdict)) {
            if (reason == null && report != null) {
                reason = report.skipReason() == null || report.skipReason().isBlank() ? null : report.skipReason();
            }
            out.add("  runtime not run: " + (reason != null ? reason : "the runtime and trust checks were skipped"));
        } else if (reason != null && (TrustStatus.ERROR.is(verdict) || TrustStatus.FAILED.is(verdict) && !failingCheck)) {
            out.add("  reason: " + reason);
        }
        List<TrustFinding> findings = report == null || report.trust() == null ? List.of() : report.trust().findings();
        if (findings.isEmpty()) {
            for (Verdict.TrustFlag flag : v.trustFlags()) {
                String message = flag.message() != null ? flag.message() : "";
                out.add("  ⚑ " + (flag.code() != null ? flag.code() : "flag") + (message.isEmpty() ? "" : ": " + message));
            }
        } else {
            for (TrustFinding f : findings) {
                if (f == null) {
                    continue;
                }
                out.add("  ⚑ " + (f.category() != null ? f.category() : "trust") + ": "
                        + (f.message() != null ? f.message() : f.probe() != null ? f.probe() : "flagged"));
                if (f.hint() != null && !f.hint().isBlank()) {
                    out.add("      fix: " + f.hint().strip());
                }
            }
        }
        out.add("Report: " + pageUrl);
        return out;
    }

    /**
     * The hub's {@code .../report} answer (a stored validation report) as the contract's records, which bind it as they
     * are: names they do not know are ignored (older and newer hubs), missing values are null, 0 or false.
     *
     * @param node the hub's answer, or null
     * @return the report; null when {@code node} is null, not an object, or not shaped like a report
     */
    static ValidationReport report(JsonNode node) {
        if (node == null || !node.isObject()) {
            return null;
        }
        try {
            return JSON.treeToValue(node, ValidationReport.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * The hub's version document ({@code GET .../versions/{v}}) as the contract's record; names it does not know are
     * ignored.
     *
     * @param node the hub's answer
     * @return the version; its fields are null when {@code node} is not an object
     * @throws IllegalArgumentException when a known field has a value of the wrong type
     */
    static VersionDetail version(JsonNode node) {
        if (node == null || !node.isObject()) {
            return new VersionDetail(null, false, null, null, null, null, null, null, null, null, null, 0, null,
                    false, null);
        }
        try {
            return JSON.treeToValue(node, VersionDetail.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the hub's version is not readable: " + e.getOriginalMessage(), e);
        }
    }

    private static String text(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
