package io.envhub.web.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.evaluation.EvalViews.RunDetail;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run's figures as text for its page.
 *
 * @param sampling sampling arguments as name/value pairs
 * @param metrics per-reward-function means
 * @param passAtK pass@k values
 * @param cost the cost in US dollars, or null
 * @param duration how long the run took, or null
 * @param reportTarget the run as a report target: {@code owner/name/evals/<id>}
 */
public record RunView(List<Pair> sampling, List<Pair> metrics, List<Pair> passAtK, String cost, String duration,
                      String reportTarget) {
    /** A name and its value, as text. */
    public record Pair(String name, String value) {
    }

    static RunView of(RunDetail d) {
        var r = d.run();
        return new RunView(pairs(r.samplingArgs(), false), pairs(r.avgMetrics(), true), pairs(r.passAtK(), true),
                r.costMicroUsd() == null ? null : String.format(Locale.ROOT, "$%.4f", r.costMicroUsd() / 1_000_000.0),
                r.durationMs() == null ? null : duration(r.durationMs()),
                r.owner() + "/" + r.name() + "/evals/" + r.id());
    }

    /** {@code 4.2 s}, {@code 3 min 5 s}, {@code 2 h 1 min}. */
    static String duration(long ms) {
        long s = Math.round(ms / 1000.0);
        if (ms < 60_000) {
            return String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
        }
        return s < 3600 ? (s / 60) + " min " + (s % 60) + " s" : (s / 3600) + " h " + (s % 3600 / 60) + " min";
    }

    private static List<Pair> pairs(JsonNode obj, boolean numbers) {
        List<Pair> out = new ArrayList<>();
        if (obj == null || !obj.isObject()) {
            return out;
        }
        obj.fields().forEachRemaining(f -> out.add(new Pair(f.getKey(), numbers && f.getValue().isNumber()
                ? String.format(Locale.ROOT, "%.3f", f.getValue().asDouble())
                : f.getValue().isTextual() ? f.getValue().asText() : f.getValue().toString())));
        return out;
    }
}
