package io.envhub.web.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.evaluation.EvalViews.RunDetail;
import io.envhub.web.view.Formats;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run's figures as text for its page.
 *
 * @param sampling sampling arguments as name/value pairs
 * @param metrics per-reward-function means
 * @param traceMetrics a verifiers v1 run's trace metrics (not rewards: they do not add to the reward), by mean
 * @param passAtK pass@k values
 * @param cost the cost in US dollars, or null
 * @param duration how long the run took, or null
 * @param runDate when the run was made as the submitter's tool recorded it, in the pages' format when it is a date
 * @param reportTarget the run as a report target: {@code owner/name/evals/<id>}
 */
public record RunView(List<Pair> sampling, List<Pair> metrics, List<Pair> traceMetrics, List<Pair> passAtK,
                      String cost, String duration, String runDate, String reportTarget) {
    /** The prefix hub-backend gives a v1 trace metric among a run's means (see its V1Episodes). */
    static final String METRIC = "metric:";

    /** A name and its value, as text. */
    public record Pair(String name, String value) {
    }

    static RunView of(RunDetail d) {
        var r = d.run();
        List<Pair> means = pairs(r.avgMetrics(), true);
        return new RunView(pairs(r.samplingArgs(), false),
                means.stream().filter(p -> !p.name().startsWith(METRIC)).toList(),
                means.stream().filter(p -> p.name().startsWith(METRIC))
                        .map(p -> new Pair(p.name().substring(METRIC.length()), p.value())).toList(),
                pairs(r.passAtK(), true),
                r.costMicroUsd() == null ? null : String.format(Locale.ROOT, "$%.4f", r.costMicroUsd() / 1_000_000.0),
                r.durationMs() == null ? null : duration(r.durationMs()), runDate(r.evalDate()),
                r.owner() + "/" + r.name() + "/evals/" + r.id());
    }

    /**
     * A recorded run date as the pages write dates ({@code 2026-12-04 19:54 UTC}) when it is an ISO timestamp with an
     * offset ({@code 2026-12-06T23:33:20Z}, what the hub derives from v1 traces) or a local one, which verifiers v0
     * writes in UTC ({@code 2025-08-20 12:34:56}); anything else as recorded; null when there is none.
     */
    static String runDate(String recorded) {
        if (recorded == null || recorded.isBlank()) {
            return null;
        }
        String text = recorded.strip();
        try {
            return Formats.minute(OffsetDateTime.parse(text));
        } catch (DateTimeParseException notOffset) {
            try {
                return Formats.minute(LocalDateTime.parse(text.replace(' ', 'T')).atOffset(ZoneOffset.UTC));
            } catch (DateTimeParseException notLocal) {
                return text;
            }
        }
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
