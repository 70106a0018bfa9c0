package io.envhub.registry.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.TrustStatus;
import io.envhub.contract.VersionStatus;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.Verdict.TrustFlag;
import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.ContaminationMatch;
import io.envhub.contract.report.TrustFinding;
import io.envhub.contract.report.ValidationReport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one place that turns a version's internal status and its validation report into the verdict users read
 * ({@link Verdict}): {@code verified} (validated, runtime verified, no trust flag), {@code flagged} (validated, runtime
 * verified, at least one flag), {@code static-only} (validated, runtime checks skipped), {@code failed},
 * {@code validating} (pending or validating) and {@code error}. Trust flags come from the report's {@code trust.flags}
 * (the validator's warnings, mapped to codes by their wording), {@code trust.contamination} and the
 * {@code benchmark-overlap} findings (both added by the hub).
 */
public final class TrustVerdict {
    public static final String VERIFIED = TrustStatus.VERIFIED.wire();
    public static final String FLAGGED = TrustStatus.FLAGGED.wire();
    public static final String STATIC_ONLY = TrustStatus.STATIC_ONLY.wire();
    public static final String FAILED = TrustStatus.FAILED.wire();
    public static final String VALIDATING = TrustStatus.VALIDATING.wire();
    public static final String ERROR = TrustStatus.ERROR.wire();
    /** Every code, in the order lists and facets show them. */
    public static final List<String> CODES = TrustStatus.wires();
    /** The codes of versions that passed validation (static checks only included). */
    public static final List<String> PASSED = TrustStatus.passedWires();
    /** The codes of runtime-verified versions: what search's {@code validated=true} keeps (issue 36 item 9). */
    public static final List<String> RUNTIME_VERIFIED = TrustStatus.runtimeVerifiedWires();

    public static final String REWARD_HACKING = "reward-hacking";
    public static final String NON_DETERMINISTIC = "non-deterministic";
    public static final String DATASET_OVERLAP = "dataset-overlap";
    /** A reference benchmark holds the dataset's rows (the hub's {@code benchmark-overlap} finding). */
    public static final String BENCHMARK_OVERLAP = "benchmark-overlap";
    /** The reference answers rarely score (the validator's {@code sparsity} findings). */
    public static final String SPARSE_REWARD = "sparse-reward";
    /** The dataset repeats its prompts (the validator's {@code diversity} findings). */
    public static final String LOW_DIVERSITY = "low-diversity";
    public static final String TOP_LEVEL_FILES = "top-level-files";
    public static final String OTHER = "other";

    private static final int MAX_REASON = 1000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private TrustVerdict() {
    }

    /**
     * The verdict of a version.
     *
     * @param status the version's internal status (pending, validating, validated, failed, error)
     * @param report its stored validation report, or null
     * @param lastError the last infrastructure error of its validation job, or null
     */
    public static Verdict of(String status, JsonNode report, String lastError) {
        return ofReport(status, report(report), lastError);
    }

    /**
     * A stored validation report (the validator's JSON plus the hub's {@code trust.contamination}) as the contract's
     * records, which bind it as they are: names they do not know are ignored, missing values are null, 0 or false.
     *
     * @param node a stored report, or null
     * @return the report; null when {@code node} is null, not an object, or not shaped like a report
     */
    public static ValidationReport report(JsonNode node) {
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
     * The verdict of a version.
     *
     * @param status the version's internal status (pending, validating, validated, failed, error)
     * @param r its stored validation report, or null
     * @param lastError the last infrastructure error of its validation job, or null
     */
    public static Verdict ofReport(String status, ValidationReport r, String lastError) {
        boolean hasReport = r != null && (EnvironmentVersion.VALIDATED.equals(status) || EnvironmentVersion.FAILED.equals(status));
        boolean runtime = hasReport && r.runtimeVerified();
        List<TrustFlag> flags = hasReport ? flags(r) : List.of();
        String code;
        String reason = null;
        switch (VersionStatus.find(status).orElse(VersionStatus.PENDING)) {
            case VALIDATED -> {
                code = !runtime ? STATIC_ONLY : flags.isEmpty() ? VERIFIED : FLAGGED;
                if (!runtime) {
                    reason = skipReason(r);
                }
            }
            case FAILED -> {
                code = FAILED;
                reason = failing(r);
            }
            case ERROR -> {
                code = ERROR;
                reason = blank(lastError) ? "validation failed for infrastructure reasons" : oneLine(lastError);
            }
            default -> code = VALIDATING;
        }
        return verdict(code, runtime, flags, reason);
    }

    /**
     * A verdict from its parts (for example its stored columns): the label follows from the code and the number of
     * flags.
     *
     * @param trustStatus one of {@link #CODES}
     * @param runtimeVerified whether the install, runtime and trust checks ran and passed
     * @param flags the trust flags, or null for none
     * @param statusReason the one-line reason, or null
     * @return the verdict as the API shows it
     */
    public static Verdict verdict(String trustStatus, boolean runtimeVerified, List<TrustFlag> flags, String statusReason) {
        List<TrustFlag> f = flags == null ? List.of() : flags;
        return new Verdict(trustStatus, label(trustStatus, f.size()), runtimeVerified, f, statusReason);
    }

    /** The words shown for a code: {@code verified with 1 flag}, {@code static checks only}, ... */
    public static String label(String code, int flags) {
        if (code == null) {
            return null;
        }
        return TrustStatus.find(code).map(s -> s.label(flags)).orElse(code);
    }

    /** Whether {@code code} is one of the six codes. */
    public static boolean isCode(String code) {
        return TrustStatus.find(code).isPresent();
    }

    /** The trust flags of a report, in report order, contamination last (other environments, then benchmarks). */
    static List<TrustFlag> flags(ValidationReport report) {
        List<TrustFlag> out = new ArrayList<>();
        Map<String, String> categories = new HashMap<>();
        if (report.trust() != null) {
            for (TrustFinding f : report.trust().findings()) {
                if (f != null && f.message() != null && f.category() != null) {
                    categories.putIfAbsent(f.message().strip(), f.category());
                }
            }
        }
        for (String f : report.trustFlags()) {
            TrustFlag flag = categoryFlag(f == null ? "" : f.strip(), categories);
            if (flag != null) {
                out.add(flag);
            }
        }
        // a warning check about files outside the module, when the validator did not also list it as a flag
        for (CheckResult c : report.checks()) {
            String id = c.id().toLowerCase(Locale.ROOT);
            if (c.is(CheckStatus.WARN) && (id.contains("top_level") || id.contains("top-level")
                    || id.contains("toplevel")) && out.stream().noneMatch(x -> TOP_LEVEL_FILES.equals(x.code()))) {
                out.add(new TrustFlag(TOP_LEVEL_FILES, c.message().isEmpty() ? "files outside the module" : c.message()));
            }
        }
        TrustFlag overlap = overlap(report.contamination());
        if (overlap != null) {
            out.add(overlap);
        }
        if (report.trust() != null) {
            for (TrustFinding f : report.trust().findings()) {
                if (f != null && TrustFinding.CONTAMINATION.equals(f.category()) && BENCHMARK_OVERLAP.equals(f.probe())) {
                    out.add(new TrustFlag(BENCHMARK_OVERLAP, f.message() == null ? "rows overlap a reference benchmark" : f.message()));
                }
            }
        }
        return out;
    }

    /** A flag whose finding names its category gets the category's code; older reports are mapped by wording. */
    private static TrustFlag categoryFlag(String text, Map<String, String> categories) {
        String category = categories.get(text);
        if (category == null) {
            return textFlag(text);
        }
        return switch (category) {
            case TrustFinding.HACKING -> new TrustFlag(REWARD_HACKING, text.replaceFirst("(?i)^reward hacking:\\s*", ""));
            case TrustFinding.DETERMINISM -> new TrustFlag(NON_DETERMINISTIC, text.replaceFirst("(?i)^not deterministic:\\s*", ""));
            case TrustFinding.SPARSITY -> new TrustFlag(SPARSE_REWARD, text);
            case TrustFinding.DIVERSITY -> new TrustFlag(LOW_DIVERSITY, text);
            default -> textFlag(text);
        };
    }

    /** Maps the validator's wording to a code (the hub's mapping; the validator's report keeps plain strings). */
    static TrustFlag textFlag(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return null;
        }
        String lower = t.toLowerCase(Locale.ROOT);
        if (lower.startsWith("reward hacking")) {
            return new TrustFlag(REWARD_HACKING, t.replaceFirst("(?i)^reward hacking:\\s*", ""));
        }
        if (lower.startsWith("the rubric failed")) {
            return new TrustFlag(REWARD_HACKING, t);
        }
        if (lower.startsWith("not deterministic")) {
            return new TrustFlag(NON_DETERMINISTIC, t.replaceFirst("(?i)^not deterministic:\\s*", ""));
        }
        if (lower.contains("top-level")) {
            return new TrustFlag(TOP_LEVEL_FILES, t);
        }
        return new TrustFlag(OTHER, t);
    }

    /** One flag for the datasets this one overlaps, naming the largest overlap (never the other environments). */
    private static TrustFlag overlap(List<ContaminationMatch> contamination) {
        if (contamination.isEmpty()) {
            return null;
        }
        double max = 0;
        for (ContaminationMatch m : contamination) {
            max = Math.max(max, m == null || m.overlap() == null ? 0 : m.overlap());
        }
        long percent = Math.round(max * 100);
        String message = contamination.size() == 1
                ? percent + "% of the dataset's rows appear in another environment's dataset"
                : "up to " + percent + "% of the dataset's rows appear in " + contamination.size() + " other environments' datasets";
        return new TrustFlag(DATASET_OVERLAP, message);
    }

    /** Why the runtime did not run: the report's {@code skipReason}, else the skipped runtime checks' messages. */
    private static String skipReason(ValidationReport report) {
        if (report == null) {
            return "the runtime checks did not run";
        }
        if (!blank(report.skipReason())) {
            return oneLine(report.skipReason());
        }
        Set<String> messages = new LinkedHashSet<>();
        for (CheckResult c : report.checks()) {
            if (c.id().startsWith("runtime.") && c.is(CheckStatus.SKIP) && !c.message().isBlank()) {
                messages.add(c.message().strip());
            }
        }
        return messages.isEmpty() ? "the runtime checks did not run" : oneLine(String.join("; ", messages));
    }

    /** The first failing check as {@code id: message}, else the report's summary. */
    private static String failing(ValidationReport report) {
        if (report == null) {
            return "validation failed";
        }
        CheckResult c = report.firstFailure().orElse(null);
        if (c != null) {
            return oneLine((c.id().isEmpty() ? "check" : c.id()) + (c.message().isBlank() ? "" : ": " + c.message()));
        }
        return blank(report.summary()) ? "validation failed" : oneLine(report.summary());
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** One line, at most {@value #MAX_REASON} characters. */
    private static String oneLine(String s) {
        String line = s.strip().replaceAll("\\s*[\\r\\n]+\\s*", " ");
        return line.length() > MAX_REASON ? line.substring(0, MAX_REASON - 1) + "…" : line;
    }
}
