package io.envhub.web.evaluation;

import io.envhub.web.evaluation.EvalViews.RunSummary;
import io.envhub.web.hub.HubViews.VersionSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The leaderboard of one version: one row per model, its best run (highest mean reward; the newest run on a tie),
 * sorted by a column from the query string (so sorting works without JavaScript).
 *
 * @param version the version shown
 * @param versionYanked whether that version is yanked
 * @param versions versions to choose from (those with runs, and validated ones), newest first
 * @param yankedVersions those of them that are yanked (their runs stay visible, marked)
 * @param rows one per model
 * @param sort the sort column ({@code reward}, {@code model}, {@code rollouts}, {@code date})
 * @param desc whether sorted descending
 * @param totalRuns runs on this version (all models, all runs)
 */
public record Leaderboard(String version, boolean versionYanked, List<String> versions, List<String> yankedVersions,
                          List<Row> rows, String sort, boolean desc, int totalRuns) {
    /** Sort columns. */
    static final List<String> SORTS = List.of("reward", "model", "rollouts", "date");

    /** A model's best run and how many runs it has on the version. */
    public record Row(int rank, RunSummary best, int runs) {
    }

    /**
     * Builds it.
     *
     * @param requested the version asked for, or null for the default: the newest validated, non-yanked version (else
     *        the newest version with runs)
     */
    static Leaderboard of(List<RunSummary> runs, List<VersionSummary> versions, String requested, String sort, String order) {
        String column = sort != null && SORTS.contains(sort.toLowerCase(Locale.ROOT)) ? sort.toLowerCase(Locale.ROOT) : "reward";
        boolean desc = order == null ? !"model".equals(column) : !"asc".equalsIgnoreCase(order);
        List<String> choices = new ArrayList<>();
        List<String> yankedChoices = new ArrayList<>();
        for (VersionSummary v : versions) {
            boolean hasRuns = runs.stream().anyMatch(r -> r.version().equals(v.version()));
            if (hasRuns || v.passed()) {
                choices.add(v.version());
                if (v.yanked()) {
                    yankedChoices.add(v.version());
                }
            }
        }
        String version = requested != null && !requested.isBlank() ? requested : defaultVersion(runs, versions);
        boolean yanked = versions.stream().anyMatch(v -> v.version().equals(version) && v.yanked());
        Map<String, List<RunSummary>> byModel = new LinkedHashMap<>();
        int total = 0;
        for (RunSummary r : runs) {
            if (r.version().equals(version)) {
                byModel.computeIfAbsent(r.model(), m -> new ArrayList<>()).add(r);
                total++;
            }
        }
        List<Row> rows = new ArrayList<>();
        Comparator<RunSummary> best = Comparator.comparingDouble(RunSummary::avgReward)
                .thenComparing(RunSummary::createdAt, Comparator.nullsFirst(Comparator.naturalOrder()));
        for (List<RunSummary> modelRuns : byModel.values()) {
            rows.add(new Row(0, modelRuns.stream().max(best).orElseThrow(), modelRuns.size()));
        }
        Comparator<Row> byReward = Comparator.comparingDouble(r -> r.best().avgReward());
        Comparator<Row> order2 = switch (column) {
            case "model" -> Comparator.comparing(r -> r.best().model().toLowerCase(Locale.ROOT));
            case "rollouts" -> Comparator.comparingInt(r -> r.best().numRollouts());
            case "date" -> Comparator.comparing(r -> r.best().createdAt(), Comparator.nullsFirst(Comparator.naturalOrder()));
            default -> byReward;
        };
        rows.sort(desc ? order2.reversed() : order2);
        // the rank is by reward whatever the display order
        List<Row> ranked = new ArrayList<>(rows);
        ranked.sort(byReward.reversed());
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            out.add(new Row(ranked.indexOf(r) + 1, r.best(), r.runs()));
        }
        return new Leaderboard(version, yanked, choices, yankedChoices, out, column, desc, total);
    }

    private static String defaultVersion(List<RunSummary> runs, List<VersionSummary> versions) {
        for (VersionSummary v : versions) {
            if (v.passed() && !v.yanked()) {
                return v.version();
            }
        }
        for (VersionSummary v : versions) {
            if (runs.stream().anyMatch(r -> r.version().equals(v.version()))) {
                return v.version();
            }
        }
        return versions.isEmpty() ? "" : versions.get(0).version();
    }

    /** The query string that sorts by {@code column} (toggling the direction when it is the current one). */
    public String sortHref(String column) {
        boolean nextDesc = column.equals(sort) ? !desc : !"model".equals(column);
        return "?version=" + java.net.URLEncoder.encode(version, java.nio.charset.StandardCharsets.UTF_8) + "&sort=" + column
                + "&order=" + (nextDesc ? "desc" : "asc");
    }

    /** Whether {@code v} (one of {@link #versions}) is yanked. */
    public boolean yanked(String v) {
        return yankedVersions.contains(v);
    }

    /** {@code aria-sort} of a column header. */
    public String ariaSort(String column) {
        return column.equals(sort) ? (desc ? "descending" : "ascending") : "none";
    }

    /** An arrow for the current sort column. */
    public String arrow(String column) {
        return column.equals(sort) ? (desc ? " ▼" : " ▲") : "";
    }
}
