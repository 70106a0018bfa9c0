package io.envhub.validator.check;

import java.util.List;

/**
 * The trust report: a warning grade, never a failure.
 *
 * @param probes reward-hacking probes and their weighted scores
 * @param bestScore the highest mean probe score seen (the reference the probes are compared with)
 * @param flags what a user should know (empty when nothing was found)
 * @param deterministic whether two separate sandbox runs gave identical probe scores; null when not compared
 */
public record TrustReport(List<ProbeScore> probes, Double bestScore, List<String> flags, Boolean deterministic) {

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
    public record ProbeScore(String name, Double meanScore, int rows, int errors, List<Double> scores, boolean flagged) {
    }
}
