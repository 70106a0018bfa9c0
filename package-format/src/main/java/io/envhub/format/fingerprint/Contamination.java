package io.envhub.format.fingerprint;

import java.util.HashSet;
import java.util.Set;

/**
 * Compares two dataset fingerprints.
 *
 * <p>Estimator of "the fraction of rows of A that also occur in B": let {@code t = min(threshold_A, threshold_B)}
 * and {@code A'} the kept rows of A with {@code h0 <= t}. Because rows are sampled by their own MinHash value,
 * {@code A'} is a consistent sample of A, and any row of B with {@code h0 <= t} was kept by B; a row and its copy
 * have the same {@code h0} (with probability equal to their Jaccard similarity, 1 for exact copies), so copies are
 * sampled together. A row of {@code A'} counts as occurring in B when it shares an LSH band key (same band) with a
 * kept row of B: with 16 bands of 8 values, two rows of shingle Jaccard similarity {@code s} share a band with
 * probability {@code 1 - (1 - s^8)^16}: 1 for exact copies, about 0.99 at 0.9, 0.92 at 0.8, 0.5 at 0.67 and
 * 0.06 at 0.5. The estimate is {@code matched(A') / |A'|}, exact when neither dataset was sampled, otherwise with a
 * standard error of about {@code sqrt(p (1 - p) / |A'|)}. It is asymmetric: a small A inside a large B overlaps
 * by 1.0, B overlaps A by {@code |A| / |B|}.
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

    private Contamination() {
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
        Set<Long> keysOfB = new HashSet<>();
        for (long[] row : b.decodeRows()) {
            for (int band = 0; band < b.bands(); band++) {
                keysOfB.add(((long) band << 32) | row[1 + band]);
            }
        }
        int compared = 0;
        int matched = 0;
        for (long[] row : a.decodeRows()) {
            if (row[0] > t) {
                continue;
            }
            compared++;
            for (int band = 0; band < a.bands(); band++) {
                if (keysOfB.contains(((long) band << 32) | row[1 + band])) {
                    matched++;
                    break;
                }
            }
        }
        return new Overlap(compared == 0 ? 0.0 : (double) matched / compared, compared, matched);
    }
}
