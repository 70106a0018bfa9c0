package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.report.TrustFinding;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the hacking probes of the harness ({@code hacks}: per row the reference answer's and a wrong answer's score;
 * per probe and row the best-scoring reply) and decides what is flagged.
 *
 * <p>A row <em>separates</em> when its reference answer scores more than a wrong answer by the tolerance
 * ({@value TrustChecks#CLOSE} x max(1, |reference|)). A probe reply <em>hits</em> a separating row when it scores
 * within the tolerance of the reference; a probe is flagged when it hits at least {@value #HIT_SHARE} of the
 * separating rows it was tried on. The empty-reply probe hits a row when a trivial reply scores more than the wrong
 * answer by the tolerance. The reference answer is <em>rewarded</em> on a row when it scores above the lowest score
 * any reply got there by the tolerance; fewer than {@value #REFERENCE_SHARE} of at least {@value #MIN_REFERENCE_ROWS}
 * rows flags the reward as not rewarding correct answers (sparsity).
 */
final class HackingProbes {

    static final double HIT_SHARE = 0.5;
    static final double REFERENCE_SHARE = 0.5;
    static final int MIN_REFERENCE_ROWS = 3;
    static final List<String> RELATIVE = List.of("answer-spraying", "magic-token", "format-only", "test-tampering");

    /** Findings and the sparsity figures. */
    record Outcome(List<TrustFinding> hacking, List<TrustFinding> sparsity, int rowsWithReference, Double nonZeroShare,
                   Double mean, Double spread) {
        static final Outcome NONE = new Outcome(List.of(), List.of(), 0, null, null, null);
    }

    private record Row(int index, String prompt, Double reference, Double wrong) {
        double tolerance() {
            return TrustChecks.CLOSE * Math.max(1.0, reference == null ? 1.0 : Math.abs(reference));
        }

        boolean separates() {
            return reference != null && wrong != null && reference - wrong > tolerance();
        }
    }

    private HackingProbes() {
    }

    static Outcome read(JsonNode hacks, boolean emptyAlreadyFlagged) {
        if (hacks == null || !hacks.isObject()) {
            return Outcome.NONE;
        }
        Map<Integer, Row> rows = new HashMap<>();
        List<Row> ordered = new ArrayList<>();
        for (JsonNode r : hacks.path("rows")) {
            Row row = new Row(r.path("row").asInt(), r.path("prompt").asText(null), num(r.path("reference")),
                    num(r.path("wrong")));
            rows.put(row.index(), row);
            ordered.add(row);
        }
        List<TrustFinding> hacking = new ArrayList<>();
        for (String probe : RELATIVE) {
            TrustFinding f = relative(probe, hacks.path("probes").path(probe), rows);
            if (f != null) {
                hacking.add(f);
            }
        }
        if (!emptyAlreadyFlagged) {
            TrustFinding f = emptyReply(hacks.path("probes").path("empty-reply"), rows);
            if (f != null) {
                hacking.add(0, f);
            }
        }
        return sparsity(hacking, ordered, hacks.path("probes"));
    }

    private static TrustFinding relative(String probe, JsonNode entries, Map<Integer, Row> rows) {
        int tried = 0;
        int hits = 0;
        JsonNode example = null;
        for (JsonNode e : entries) {
            Row row = rows.get(e.path("row").asInt());
            if (row == null || !row.separates()) {
                continue;
            }
            tried++;
            if (e.path("score").asDouble() >= row.reference() - row.tolerance()) {
                hits++;
                example = example == null ? e : example;
            }
        }
        if (tried == 0 || hits < HIT_SHARE * tried) {
            return null;
        }
        Row row = rows.get(example.path("row").asInt());
        String what = switch (probe) {
            case "answer-spraying" -> "a reply listing many candidates (" + example.path("variant").asText() + ")";
            case "magic-token" -> "the token '" + example.path("variant").asText() + "' from the reward's source";
            case "format-only" -> "the expected format around junk (" + example.path("variant").asText() + ")";
            default -> "a reply that tampers with the tests (" + tampering(example, row) + ")";
        };
        String message = "reward hacking: " + label(probe) + ": " + what + " scores " + TrustChecks.fmt(example.path("score").asDouble())
                + ", like the reference answer (" + TrustChecks.fmt(row.reference()) + "), on " + hits + " of " + tried + " rows";
        return FindingHints.finding(probe, message, row.index(), row.prompt(), example.path("reply").asText(),
                example.path("score").asDouble(), row.reference());
    }

    /**
     * The kinds of tampering that scored like the reference answer on the example's row, in the order they were sent
     * ({@code exit-early, print-passed}): each is a weakness of the test runner of its own; the example's kind when
     * the harness sent no per-kind scores.
     */
    private static String tampering(JsonNode example, Row row) {
        List<String> kinds = new ArrayList<>();
        example.path("variants").fields().forEachRemaining(k -> {
            if (k.getValue().isNumber() && k.getValue().asDouble() >= row.reference() - row.tolerance()) {
                kinds.add(k.getKey());
            }
        });
        return kinds.isEmpty() ? example.path("variant").asText() : String.join(", ", kinds);
    }

    private static TrustFinding emptyReply(JsonNode entries, Map<Integer, Row> rows) {
        int tried = 0;
        int hits = 0;
        JsonNode example = null;
        for (JsonNode e : entries) {
            Row row = rows.get(e.path("row").asInt());
            if (row == null || row.wrong() == null) {
                continue;
            }
            tried++;
            if (e.path("score").asDouble() > row.wrong() + row.tolerance()) {
                hits++;
                example = example == null ? e : example;
            }
        }
        if (tried == 0 || hits < HIT_SHARE * tried) {
            return null;
        }
        Row row = rows.get(example.path("row").asInt());
        String reply = example.path("reply").asText();
        String message = "reward hacking: " + (reply.isBlank() ? "an empty reply" : "the trivial reply '" + reply + "'")
                + " scores " + TrustChecks.fmt(example.path("score").asDouble()) + ", more than a wrong answer ("
                + TrustChecks.fmt(row.wrong()) + "), on " + hits + " of " + tried + " rows";
        return FindingHints.finding("empty-reply", message, row.index(), row.prompt(), reply,
                example.path("score").asDouble(), row.reference());
    }

    private static Outcome sparsity(List<TrustFinding> hacking, List<Row> rows, JsonNode probes) {
        Map<Integer, Double> lowest = new HashMap<>();
        probes.forEach(entries -> entries.forEach(e -> lowest.merge(e.path("row").asInt(), e.path("score").asDouble(), Math::min)));
        int withReference = 0;
        int rewarded = 0;
        double sum = 0;
        double sumSq = 0;
        Row example = null;
        for (Row r : rows) {
            if (r.reference() == null) {
                continue;
            }
            withReference++;
            sum += r.reference();
            sumSq += r.reference() * r.reference();
            double low = Math.min(r.wrong() == null ? r.reference() : r.wrong(), lowest.getOrDefault(r.index(), r.reference()));
            if (r.reference() - low > r.tolerance()) {
                rewarded++;
            } else if (example == null) {
                example = r;
            }
        }
        if (withReference == 0) {
            return new Outcome(hacking, List.of(), 0, null, null, null);
        }
        double mean = sum / withReference;
        double spread = Math.sqrt(Math.max(0, sumSq / withReference - mean * mean));
        double share = (double) rewarded / withReference;
        List<TrustFinding> sparsity = new ArrayList<>();
        if (withReference >= MIN_REFERENCE_ROWS && share < REFERENCE_SHARE) {
            sparsity.add(FindingHints.finding("reference-answer", "the reward does not reward correct answers: the reference "
                    + "answer scores above a wrong reply on only " + rewarded + " of " + withReference + " rows ("
                    + Math.round(share * 100) + " %)", example.index(), example.prompt(), null, example.reference(),
                    example.reference()));
        }
        return new Outcome(hacking, sparsity, withReference, share, mean, spread);
    }

    static String label(String probe) {
        return switch (probe) {
            case "answer-spraying" -> "answer spraying";
            case "magic-token" -> "magic token";
            case "format-only" -> "format-only reply";
            case "test-tampering" -> "test tampering";
            default -> probe;
        };
    }

    private static Double num(JsonNode v) {
        return v.isNumber() ? v.asDouble() : null;
    }
}
