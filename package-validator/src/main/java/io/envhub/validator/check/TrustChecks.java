package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.TrustFinding;
import io.envhub.contract.report.TrustReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The trust report (warnings, never failures): reward-hacking probes, determinism across two sandbox runs, and
 * the contamination fingerprint.
 *
 * <p>A probe (the empty completion, the prompt echoed back, random junk) is flagged when its mean weighted score
 * is within {@value #CLOSE} x max(1, best) of the best mean score seen among all probes (including the row's own
 * answer), that best score is above 0 and the probe itself scores more than that tolerance: a rubric that pays about
 * as much for junk as for the answer can be gamed (one that pays almost nothing to anyone is a sparsity finding).
 */
final class TrustChecks {

    static final String HACKING = "trust.reward_hacking";
    static final String SPARSITY = "trust.sparsity";
    static final String DIVERSITY = "trust.diversity";
    static final String DETERMINISM = "trust.determinism";
    static final String FINGERPRINT = "trust.fingerprint";
    static final double CLOSE = 0.1;
    static final List<String> PROBES = List.of("empty", "echo", "junk", "answer");

    private TrustChecks() {
    }

    /** Probe scores, findings and flags from the main run. */
    record Hacking(CheckResult check, List<TrustReport.ProbeScore> probes, Double best, List<String> flags,
                   List<TrustFinding> findings, HackingProbes.Outcome outcome) {
    }

    static Hacking hacking(JsonNode result, long ms) {
        JsonNode probes = result.path("probes");
        List<TrustReport.ProbeScore> scores = new ArrayList<>();
        Double best = null;
        for (String name : PROBES) {
            Double mean = mean(probes.path(name).path("scores"));
            if (mean != null && (best == null || mean > best)) {
                best = mean;
            }
        }
        List<String> flags = new ArrayList<>();
        List<TrustFinding> findings = new ArrayList<>();
        boolean emptyFlagged = false;
        for (String name : PROBES) {
            JsonNode p = probes.path(name);
            Double mean = mean(p.path("scores"));
            List<Double> perRow = new ArrayList<>();
            p.path("scores").forEach(v -> perRow.add(v.isNull() ? null : v.asDouble()));
            boolean flagged = !"answer".equals(name) && mean != null && best != null && best > 0
                    && best - mean <= CLOSE * Math.max(1.0, best) && mean > CLOSE * Math.max(1.0, best);
            if (flagged) {
                emptyFlagged |= "empty".equals(name);
                findings.add(probeFinding(result, name, "reward hacking: the " + describe(name) + " scores " + fmt(mean)
                        + ", close to the best score " + fmt(best), perRow, best));
            }
            int errors = p.path("errors").asInt();
            if (errors > 0 && p.hasNonNull("firstError")) {
                findings.add(probeFinding(result, "probe-error", "the rubric failed on " + errors + " rows of the "
                        + describe(name) + ": " + p.path("firstError").asText(), perRow, best));
            }
            scores.add(new TrustReport.ProbeScore(name, mean, perRow.size(), errors, perRow, flagged));
        }
        HackingProbes.Outcome outcome = HackingProbes.read(result.get("hacks"), emptyFlagged);
        findings.addAll(outcome.hacking());
        findings.forEach(f -> flags.add(f.message()));
        String summary = scores.stream().map(s -> s.name() + " " + (s.meanScore() == null ? "-" : fmt(s.meanScore())))
                .reduce((a, b) -> a + ", " + b).orElse("");
        CheckResult check = flags.isEmpty()
                ? CheckResult.pass(HACKING, "no probe scores close to the best (" + summary + ")", ms)
                : CheckResult.warn(HACKING, String.join("; ", flags) + " (" + summary + ")", ms);
        return new Hacking(check, scores, best, flags, findings, outcome);
    }

    /** The evidence of an old-style probe: its first row without an error, and the reference answer's score there. */
    private static TrustFinding probeFinding(JsonNode result, String name, String message, List<Double> perRow, Double best) {
        int row = 0;
        while (row < perRow.size() && perRow.get(row) == null) {
            row++;
        }
        Double score = row < perRow.size() ? perRow.get(row) : null;
        JsonNode answer = result.path("probes").path("answer").path("scores").path(row);
        String prompt = null;
        String junk = null;
        for (JsonNode r : result.path("hacks").path("rows")) {
            if (r.path("row").asInt() == row) {
                prompt = r.path("prompt").asText(null);
                junk = r.path("junk").asText(null);
            }
        }
        String reply = switch (name) {
            case "empty" -> "";
            case "echo" -> prompt;
            case "junk" -> junk;
            default -> null;
        };
        String probe = "empty".equals(name) ? "empty-reply" : name;
        return FindingHints.finding(probe, message, row < perRow.size() ? row : null, prompt, reply, score,
                answer.isNumber() ? answer.asDouble() : best);
    }

    /** The sparsity check: the reference answers' scores. */
    static CheckResult sparsity(HackingProbes.Outcome o, long ms) {
        if (o.rowsWithReference() == 0) {
            return CheckResult.pass(SPARSITY, "no row has a reference answer: sparsity not measured", ms);
        }
        String figures = "the reference answer scores above a wrong reply on " + Math.round(o.nonZeroShare() * 100)
                + " % of " + o.rowsWithReference() + " rows (mean " + fmt(o.mean()) + ", spread " + fmt(o.spread()) + ")";
        return o.sparsity().isEmpty() ? CheckResult.pass(SPARSITY, figures, ms)
                : CheckResult.warn(SPARSITY, o.sparsity().get(0).message(), ms);
    }

    /** The diversity check: duplicate prompts within the dataset. */
    static CheckResult diversity(DiversityCheck.Outcome o, long ms) {
        if (o.rows() == null) {
            return CheckResult.pass(DIVERSITY, "diversity not measured", ms);
        }
        if (o.finding() != null) {
            return CheckResult.warn(DIVERSITY, o.finding().message(), ms);
        }
        return CheckResult.pass(DIVERSITY, "distinct-prompt ratio " + fmt(o.distinctRatio()) + " over " + o.rows()
                + " rows, " + o.nearPairs() + " near-duplicates" + (o.ngramDiversity() == null ? ""
                : ", word 3-gram diversity " + fmt(o.ngramDiversity())), ms);
    }

    /** The determinism finding of a warned determinism check. */
    static TrustFinding determinismFinding(CheckResult det) {
        return FindingHints.finding("non-deterministic", det.message(), null, null, null, null, null);
    }

    /** Compares the probe scores of two runs. */
    static CheckResult determinism(JsonNode first, Harness.Run second, String killedMessage, long ms) {
        if (second.result() == null || !second.result().path("ok").asBoolean()) {
            String why = second.result() == null ? killedMessage
                    : second.result().path("error").path("type").asText() + ": " + second.result().path("error").path("message").asText();
            return CheckResult.warn(DETERMINISM, "not deterministic: the second run did not complete the same way (" + why + ")", ms);
        }
        int compared = 0;
        int differing = 0;
        String example = null;
        for (String name : PROBES) {
            JsonNode a = first.path("probes").path(name).path("scores");
            JsonNode b = second.result().path("probes").path(name).path("scores");
            for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
                compared++;
                JsonNode x = a.path(i);
                JsonNode y = b.path(i);
                boolean same = x.isNull() && y.isNull() || x.isNumber() && y.isNumber()
                        && Math.abs(x.asDouble() - y.asDouble()) <= 1e-9 * Math.max(1, Math.abs(x.asDouble()));
                if (!same) {
                    differing++;
                    if (example == null) {
                        example = name + " probe, row " + i + ": " + text(x) + " then " + text(y);
                    }
                }
            }
        }
        if (differing > 0) {
            return CheckResult.warn(DETERMINISM, "not deterministic: " + differing + " of " + compared
                    + " probe scores differ between two sandbox runs (" + example + ")", ms);
        }
        return CheckResult.pass(DETERMINISM, "deterministic: " + compared + " probe scores identical in two sandbox runs", ms);
    }

    static String describe(String probe) {
        return switch (probe) {
            case "empty" -> "empty completion";
            case "echo" -> "prompt echoed back";
            case "junk" -> "random junk";
            default -> "reference answer";
        };
    }

    private static Double mean(JsonNode scores) {
        double sum = 0;
        int n = 0;
        for (JsonNode v : scores) {
            if (v.isNumber()) {
                sum += v.asDouble();
                n++;
            }
        }
        return n == 0 ? null : sum / n;
    }

    private static String text(JsonNode v) {
        return v.isNumber() ? fmt(v.asDouble()) : "error";
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
