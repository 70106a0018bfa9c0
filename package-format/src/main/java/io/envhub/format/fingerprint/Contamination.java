package io.envhub.format.fingerprint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Compares two dataset fingerprints.
 *
 * <p>Estimator of "the fraction of rows of A that also occur in B": let {@code t = min(threshold_A, threshold_B)}
 * and {@code A'} the kept rows of A with {@code h0 <= t}. Because rows are sampled by their own MinHash value,
 * {@code A'} is a consistent sample of A, and any row of B with {@code h0 <= t} was kept by B; a row and its copy
 * have the same {@code h0} (with probability equal to their Jaccard similarity, 1 for exact copies), so copies are
 * sampled together. A row of {@code A'} counts as occurring in B when it shares an LSH band key (same band) with a
 * kept row of B in at least {@link #MIN_MATCHED_BANDS} bands: with 16 bands of 8 values, two rows of shingle
 * Jaccard similarity {@code s} share a band with probability {@code p = s^8} each, so they share two or more with
 * probability {@code 1 - (1-p)^16 - 16 p (1-p)^15}: 1 for exact copies, about 0.998 at 0.9, 0.78 at 0.8, 0.13 at
 * 0.67 and under 0.01 at 0.5 (one shared band alone is too often a coincidence of a shared template, below).
 * The estimate is {@code matched(A') / |A'|}, exact when neither dataset was sampled, otherwise with a standard
 * error of about {@code sqrt(p (1 - p) / |A'|)}. It is asymmetric: a small A inside a large B overlaps
 * by 1.0, B overlaps A by {@code |A| / |B|}.
 *
 * <p><b>Shared templates.</b> Two honest datasets that wrap different questions in one long instruction template
 * (the same 60 words around a 15-word question) have rows of shingle Jaccard similarity around 0.8 across datasets:
 * many of their band keys are made of the template's MinHash values only, so they would share a band with every
 * row of the other dataset and look 100 % overlapping. The comparison therefore ignores each dataset's
 * <em>template keys</em> (those of A and those of B, on both sides): a band key that occurs in at least
 * {@link #TEMPLATE_MIN_ROWS} distinct rows of the same dataset and in at least {@link #TEMPLATE_SHARE} of them
 * (rows with identical keys in all bands count once, so a
 * dataset's exact duplicates do not erase themselves). What is left are keys with at least one MinHash value from
 * the row's varying part: a real copy of a row still shares those (all of them, for an exact copy), a row that only
 * shares the template does not. A row all of whose keys are template keys is not compared. The fingerprint format
 * is unchanged, so stored fingerprints and the harness's are compared the same way.
 */
public final class Contamination {

    /**
     * An overlap estimate.
     *
     * @param fraction estimated fraction of A's rows that occur in B (0 when nothing could be compared)
     * @param comparedRows rows of A compared
     * @param matchedRows of those, rows found in B
     */
    public record Overlap(double fraction, int comparedRows, int matchedRows) {
    }

    /** Bands (not template keys) a row must share with B to count as found there (all of them when it has fewer). */
    public static final int MIN_MATCHED_BANDS = 2;
    /** Distinct rows of one dataset that must share a band key before it counts as a template key. */
    public static final int TEMPLATE_MIN_ROWS = 3;
    /** Share of a dataset's distinct rows that must share a band key before it counts as a template key. */
    public static final double TEMPLATE_SHARE = 0.05;

    private Contamination() {
    }

    /**
     * The band keys of a dataset that come from a template its rows share (see the class comment), each as
     * {@code band << 32 | key}.
     *
     * @param rows decoded rows ({@link Fingerprint#decodeRows()})
     * @param bands bands per row
     * @return the template keys (often empty)
     */
    public static Set<Long> templateKeys(long[][] rows, int bands) {
        Set<List<Long>> distinct = new HashSet<>();
        Map<Long, Integer> counts = new HashMap<>();
        for (long[] row : rows) {
            List<Long> keys = new ArrayList<>(bands);
            for (int band = 0; band < bands; band++) {
                keys.add((long) band << 32 | row[1 + band]);
            }
            if (distinct.add(keys)) {
                keys.forEach(k -> counts.merge(k, 1, Integer::sum));
            }
        }
        int min = Math.max(TEMPLATE_MIN_ROWS, (int) Math.ceil(TEMPLATE_SHARE * distinct.size()));
        Set<Long> out = new HashSet<>();
        counts.forEach((k, n) -> {
            if (n >= min) {
                out.add(k);
            }
        });
        return out;
    }

    /**
     * Estimates the fraction of rows of A that also occur in B.
     *
     * @param a fingerprint of the dataset whose rows are looked up
     * @param b fingerprint of the dataset they are looked up in
     * @return the estimate
     * @throws IllegalArgumentException when the fingerprints use different algorithms or parameters
     */
    public static Overlap overlap(Fingerprint a, Fingerprint b) {
        if (!a.algorithm().equals(b.algorithm()) || a.bands() != b.bands() || a.permutations() != b.permutations()
                || a.shingleWords() != b.shingleWords()) {
            throw new IllegalArgumentException("fingerprints are not comparable: " + a.algorithm() + " vs " + b.algorithm());
        }
        long t = Math.min(a.threshold(), b.threshold());
        long[][] rowsOfA = a.decodeRows();
        long[][] rowsOfB = b.decodeRows();
        Set<Long> template = templateKeys(rowsOfA, a.bands());
        template.addAll(templateKeys(rowsOfB, b.bands()));
        Set<Long> keysOfB = new HashSet<>();
        for (long[] row : rowsOfB) {
            for (int band = 0; band < b.bands(); band++) {
                long key = ((long) band << 32) | row[1 + band];
                if (!template.contains(key)) {
                    keysOfB.add(key);
                }
            }
        }
        int compared = 0;
        int matched = 0;
        for (long[] row : rowsOfA) {
            if (row[0] > t) {
                continue;
            }
            int comparable = 0;
            int found = 0;
            for (int band = 0; band < a.bands(); band++) {
                long key = ((long) band << 32) | row[1 + band];
                if (template.contains(key)) {
                    continue;
                }
                comparable++;
                if (keysOfB.contains(key)) {
                    found++;
                }
            }
            if (comparable > 0) {
                compared++;
                if (found >= Math.min(MIN_MATCHED_BANDS, comparable)) {
                    matched++;
                }
            }
        }
        return new Overlap(compared == 0 ? 0.0 : (double) matched / compared, compared, matched);
    }
}
