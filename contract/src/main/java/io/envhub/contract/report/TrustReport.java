package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The trust report: a warning grade, never a failure. The validator writes the first four parts; the hub adds
 * {@code contamination} when it stores the report.
 *
 * @param probes reward-hacking probes and their weighted scores
 * @param bestScore the highest mean probe score seen (the reference the probes are compared with)
 * @param flags what a user should know (empty when nothing was found)
 * @param deterministic whether two separate sandbox runs gave identical probe scores; null when not compared
 * @param contamination other environments' versions whose datasets hold this one's rows (added by the hub; null in
 *     the validator's report, which leaves it out of its JSON)
 * @param findings every flag with its category, evidence and fix hint (the validator's probes; the hub appends the
 *     contamination findings); empty in reports older than trust v2 (left out of the JSON while empty)
 * @param figures sparsity and diversity figures, or null when not measured (left out of the JSON while null)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TrustReport(List<ProbeScore> probes, Double bestScore, List<String> flags, Boolean deterministic,
                          @JsonInclude(JsonInclude.Include.NON_NULL) List<ContaminationMatch> contamination,
                          @JsonInclude(JsonInclude.Include.NON_EMPTY) List<TrustFinding> findings,
                          @JsonInclude(JsonInclude.Include.NON_NULL) TrustFigures figures) {

    /** The JSON name of {@link #findings()}. */
    public static final String FINDINGS = "findings";

    /**
     * Copies the findings (none when null).
     *
     * @param probes probes
     * @param bestScore best score
     * @param flags flags
     * @param deterministic deterministic
     * @param contamination contamination
     * @param findings findings
     * @param figures figures
     */
    public TrustReport {
        findings = findings == null ? List.of() : List.copyOf(findings);
    }

    /**
     * A report without trust v2 findings and figures.
     *
     * @param probes probes
     * @param bestScore best score
     * @param flags flags
     * @param deterministic deterministic
     * @param contamination contamination
     */
    public TrustReport(List<ProbeScore> probes, Double bestScore, List<String> flags, Boolean deterministic,
                       List<ContaminationMatch> contamination) {
        this(probes, bestScore, flags, deterministic, contamination, List.of(), null);
    }

    /** The JSON name of {@link #contamination()}. */
    public static final String CONTAMINATION = "contamination";

    /**
     * The validator's trust report (no contamination: the hub adds it).
     *
     * @param probes probes
     * @param bestScore best score
     * @param flags flags
     * @param deterministic deterministic
     */
    public TrustReport(List<ProbeScore> probes, Double bestScore, List<String> flags, Boolean deterministic) {
        this(probes, bestScore, flags, deterministic, null, List.of(), null);
    }

    /**
     * One probe.
     *
     * @param name {@code empty}, {@code echo}, {@code junk} or {@code answer}
     * @param meanScore mean weighted rubric score over the rows it was scored on, or null when none
     * @param rows rows scored
     * @param errors rows where a reward function raised or returned a non-number
     * @param scores weighted score per row (null where it failed), in row order
     * @param flagged whether this probe scores close to the best score
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ProbeScore(String name, Double meanScore, int rows, int errors, List<Double> scores, boolean flagged) {
    }
}
