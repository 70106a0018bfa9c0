package io.envhub.web.environment;

import io.envhub.contract.report.TrustFigures;
import io.envhub.contract.report.TrustFinding;
import java.util.ArrayList;
import java.util.List;

/**
 * The trust card of a version page: the report's findings grouped by category, in the order a researcher reads them
 * (sparsity, diversity, determinism, hacking, contamination), each with its evidence and fix hint, and the figures
 * the validator measured.
 *
 * @param groups the five groups, always all of them (a group without findings says so)
 * @param figures sparsity and diversity figures, or null when not measured
 */
public record TrustCard(List<Group> groups, TrustFigures figures) {
    private static final List<String[]> CATEGORIES = List.of(
            new String[] {TrustFinding.SPARSITY, "Sparsity", "Does the reward reward correct answers?"},
            new String[] {TrustFinding.DIVERSITY, "Diversity", "Does the dataset repeat itself?"},
            new String[] {TrustFinding.DETERMINISM, "Determinism", "Do two runs give the same rewards?"},
            new String[] {TrustFinding.HACKING, "Reward hacking", "Do replies that should not score, score?"},
            new String[] {TrustFinding.CONTAMINATION, "Contamination", "Do the rows appear elsewhere?"});

    /**
     * One category.
     *
     * @param category the category's code
     * @param title its heading
     * @param question what it checks, in one line
     * @param findings its findings, in report order
     */
    public record Group(String category, String title, String question, List<Finding> findings) {
        /** How many findings, as words: {@code 1 flag}, {@code 2 flags}. */
        public String countLabel() {
            return findings.size() + (findings.size() == 1 ? " flag" : " flags");
        }
    }

    /**
     * One finding with its evidence.
     *
     * @param probe the probe that found it
     * @param message one line
     * @param hint how to fix it, or null
     * @param row the example row's index, or null
     * @param prompt the example row's prompt, or null
     * @param reply the reply the probe sent, or null
     * @param score the score that reply got, or null
     * @param referenceScore the reference answer's score on that row, or null
     */
    public record Finding(String probe, String message, String hint, Integer row, String prompt, String reply, Double score,
                          Double referenceScore) {
        /** Whether there is any evidence to show besides the message. */
        public boolean hasEvidence() {
            return row != null || prompt != null || reply != null || score != null || referenceScore != null;
        }
    }

    /** The card of a report's findings (unknown categories go to the hacking group, where a probe found them). */
    public static TrustCard of(List<TrustFinding> findings, TrustFigures figures) {
        List<Group> groups = new ArrayList<>();
        for (String[] c : CATEGORIES) {
            List<Finding> in = new ArrayList<>();
            for (TrustFinding f : findings) {
                String category = f == null ? null : known(f.category());
                if (c[0].equals(category)) {
                    in.add(new Finding(f.probe(), f.message() == null ? "" : f.message(), blankToNull(f.hint()), f.row(),
                            blankToNull(f.prompt()), blankToNull(f.reply()), f.score(), f.referenceScore()));
                }
            }
            groups.add(new Group(c[0], c[1], c[2], in));
        }
        return new TrustCard(groups, figures);
    }

    /** How many findings in all. */
    public int findingCount() {
        return groups.stream().mapToInt(g -> g.findings().size()).sum();
    }

    private static String known(String category) {
        for (String[] c : CATEGORIES) {
            if (c[0].equals(category)) {
                return category;
            }
        }
        return TrustFinding.HACKING;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
