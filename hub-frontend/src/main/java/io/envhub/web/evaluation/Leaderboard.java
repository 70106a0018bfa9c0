package io.envhub.web.evaluation;

import io.envhub.web.evaluation.EvalViews.RunSummary;
import io.envhub.contract.api.VersionSummary;
import io.envhub.web.hub.HubExtensions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The leaderboard of one version and one evaluation setting (examples × rollouts per example): one row per model, its
 * best run in that setting (highest mean reward; the newest run on a tie), sorted by a column from the query string (so
 * sorting works without JavaScript). Runs of other settings are never a model's entry: a run on 1 example is not
 * compared with runs on 100 (issue 36); they are one click away in the setting list.
 *
 * @param version the version shown
 * @param versionYanked whether that version is yanked
 * @param versions versions to choose from (those with runs, and validated ones), newest first
 * @param yankedVersions those of them that are yanked (their runs stay visible, marked)
 * @param rows one per model
 * @param sort the sort column ({@code reward}, {@code model}, {@code rollouts}, {@code date})
 * @param desc whether sorted descending
 * @param totalRuns runs on this version in this setting (all models, all runs)
 * @param setting the setting shown, {@code <examples>x<rollouts>}, or empty when the version has no runs
 * @param settings the settings of this version's runs, the default first
 * @param provenance {@value #HUB_RUN} when only runs the hub ran itself are shown (issue 33), else empty
 */
public record Leaderboard(String version, boolean versionYanked, List<String> versions, List<String> yankedVersions,
                          List<Row> rows, String sort, boolean desc, int totalRuns, String setting, List<Setting> settings,
                          String provenance) {
    /** The provenance of runs the hub ran itself, on the exact bytes it validated. */
    public static final String HUB_RUN = "hub-run";

    /** An evaluation setting of the version's runs and how many models ran it. */
    public record Setting(String key, int examples, int rollouts, int models) {
    }

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
        return of(runs, versions, requested, sort, order, null, null);
    }

    /** Builds it for one setting, every provenance. */
    static Leaderboard of(List<RunSummary> runs, List<VersionSummary> versions, String requested, String sort, String order,
                          String requestedSetting) {
        return of(runs, versions, requested, sort, order, requestedSetting, null);
    }

    /**
     * Builds it for one setting.
     *
     * @param requestedSetting {@code <examples>x<rollouts>}, or null for the default: the setting most models ran (on a
     *        tie, the one with more rollouts)
     * @param onlyProvenance {@value #HUB_RUN} to rank only hub-run results, else null (every provenance); the version
     *        list is the same either way
     */
    static Leaderboard of(List<RunSummary> all, List<VersionSummary> versions, String requested, String sort, String order,
                          String requestedSetting, String onlyProvenance) {
        String provenance = HUB_RUN.equals(onlyProvenance) ? HUB_RUN : "";
        List<RunSummary> runs = provenance.isEmpty() ? all
                : all.stream().filter(r -> provenance.equals(r.provenance())).toList();
        String column = sort != null && SORTS.contains(sort.toLowerCase(Locale.ROOT)) ? sort.toLowerCase(Locale.ROOT) : "reward";
        boolean desc = order == null ? !"model".equals(column) : !"asc".equalsIgnoreCase(order);
        List<String> choices = new ArrayList<>();
        List<String> yankedChoices = new ArrayList<>();
        for (VersionSummary v : versions) {
            boolean hasRuns = all.stream().anyMatch(r -> r.version().equals(v.version()));
            if (hasRuns || HubExtensions.passed(v)) {
                choices.add(v.version());
                if (v.yanked()) {
                    yankedChoices.add(v.version());
                }
            }
        }
        String version = requested != null && !requested.isBlank() ? requested : defaultVersion(all, versions);
        boolean yanked = versions.stream().anyMatch(v -> v.version().equals(version) && v.yanked());
        Map<String, java.util.Set<String>> modelsBySetting = new LinkedHashMap<>();
        for (RunSummary r : runs) {
            if (r.version().equals(version)) {
                modelsBySetting.computeIfAbsent(key(r), k -> new java.util.HashSet<>()).add(r.model());
            }
        }
        List<Setting> settings = new ArrayList<>();
        modelsBySetting.forEach((k, models) -> settings.add(new Setting(k, Integer.parseInt(k.substring(0, k.indexOf('x'))),
                Integer.parseInt(k.substring(k.indexOf('x') + 1)), models.size())));
        settings.sort(Comparator.comparingInt(Setting::models).thenComparingLong(st -> (long) st.examples() * st.rollouts())
                .reversed());
        // a setting asked for stays chosen under the provenance filter even when no hub-run result has it (an empty board)
        boolean keptEmpty = requestedSetting != null && !modelsBySetting.containsKey(requestedSetting)
                && !provenance.isEmpty() && all.stream().anyMatch(r -> r.version().equals(version) && key(r).equals(requestedSetting));
        String setting = requestedSetting != null && (modelsBySetting.containsKey(requestedSetting) || keptEmpty)
                ? requestedSetting : settings.isEmpty() ? "" : settings.get(0).key();
        if (keptEmpty) {
            settings.add(0, new Setting(setting, Integer.parseInt(setting.substring(0, setting.indexOf('x'))),
                    Integer.parseInt(setting.substring(setting.indexOf('x') + 1)), 0));
        } else if (!settings.isEmpty() && !settings.get(0).key().equals(setting)) {
            Setting chosen = settings.stream().filter(st -> st.key().equals(setting)).findFirst().orElseThrow();
            settings.remove(chosen);
            settings.add(0, chosen);
        }
        Map<String, List<RunSummary>> byModel = new LinkedHashMap<>();
        int total = 0;
        for (RunSummary r : runs) {
            if (r.version().equals(version) && key(r).equals(setting)) {
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
        return new Leaderboard(version, yanked, choices, yankedChoices, out, column, desc, total, setting, settings,
                provenance);
    }

    /** A run's setting: {@code <examples>x<rollouts per example>}. */
    static String key(RunSummary r) {
        return r.numExamples() + "x" + r.rolloutsPerExample();
    }

    /** The query string that shows {@code key}, one of {@link #settings}. */
    public String settingHref(String key) {
        return "?version=" + java.net.URLEncoder.encode(version, java.nio.charset.StandardCharsets.UTF_8) + "&setting=" + key
                + "&sort=" + sort + provenanceParam();
    }

    /** Whether only hub-run results are shown. */
    public boolean hubRunOnly() {
        return HUB_RUN.equals(provenance);
    }

    /** The query string of this board with the provenance filter switched on ({@code hubRunOnly}) or off. */
    public String provenanceHref(boolean hubRunOnly) {
        return "?version=" + java.net.URLEncoder.encode(version, java.nio.charset.StandardCharsets.UTF_8)
                + (setting.isEmpty() ? "" : "&setting=" + setting) + "&sort=" + sort + (hubRunOnly ? "&provenance=" + HUB_RUN : "");
    }

    private String provenanceParam() {
        return provenance.isEmpty() ? "" : "&provenance=" + provenance;
    }

    private static String defaultVersion(List<RunSummary> runs, List<VersionSummary> versions) {
        for (VersionSummary v : versions) {
            if (HubExtensions.passed(v) && !v.yanked()) {
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
        return "?version=" + java.net.URLEncoder.encode(version, java.nio.charset.StandardCharsets.UTF_8)
                + (setting.isEmpty() ? "" : "&setting=" + setting) + "&sort=" + column + "&order=" + (nextDesc ? "desc" : "asc")
                + provenanceParam();
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
