package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.report.TrustFinding;

/**
 * Reads the harness's diversity figures and flags low diversity: more than {@value #REPEATED_SHARE} of the rows (at
 * least {@value #MIN_ROWS} rows) repeat an earlier prompt exactly (after normalising case, whitespace, punctuation and
 * number formatting) or nearly (word 3-gram Jaccard at least 0.8). Overlap with other environments is the hub's
 * contamination check, not this one.
 */
final class DiversityCheck {

    static final double REPEATED_SHARE = 0.2;
    static final int MIN_ROWS = 5;

    /** The figures and the finding (or null). */
    record Outcome(TrustFinding finding, Integer rows, Double distinctRatio, Integer nearPairs, Double ngramDiversity) {
        static final Outcome NONE = new Outcome(null, null, null, null, null);
    }

    private DiversityCheck() {
    }

    static Outcome read(JsonNode d) {
        if (d == null || !d.isObject() || d.path("rows").asInt() == 0) {
            return Outcome.NONE;
        }
        int rows = d.path("rows").asInt();
        int distinct = d.path("distinct").asInt();
        int near = d.path("nearDuplicatePairs").asInt();
        int repeated = d.path("repeatedRows").asInt();
        Double ngram = d.path("ngramDiversity").isNumber() ? d.path("ngramDiversity").asDouble() : null;
        double ratio = (double) distinct / rows;
        TrustFinding finding = null;
        if (rows >= MIN_ROWS && repeated > REPEATED_SHARE * rows) {
            JsonNode ex = d.path("example");
            String message = "low diversity: " + repeated + " of " + rows + " prompts repeat an earlier prompt ("
                    + (rows - distinct) + " exactly, " + near + " nearly); distinct-prompt ratio "
                    + TrustChecks.fmt(ratio);
            finding = FindingHints.finding("duplicate-prompts", message + (ex.isObject() ? " (row " + ex.path("row").asInt()
                    + " repeats row " + ex.path("of").asInt() + ")" : ""), ex.isObject() ? ex.path("row").asInt() : null,
                    ex.path("prompt").asText(null), null, null, null);
        }
        return new Outcome(finding, rows, ratio, near, ngram);
    }
}
