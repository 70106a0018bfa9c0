package io.envhub.format.fingerprint;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * The Java twin of the harness's fingerprint (see {@link Fingerprint} for the algorithm): the harness computes
 * fingerprints in the sandbox; this class lets the hub and tests compute the same values from row texts.
 * Tokenisation matches the harness for letters and decimal digits; other numeric characters (such as superscripts)
 * may split differently, and the harness's value is the one stored.
 */
public final class FingerprintBuilder {

    static final long MERSENNE = (1L << 61) - 1;
    static final int PERMUTATIONS = 128;
    static final int BANDS = 16;
    static final int ROWS_PER_BAND = 8;
    static final int SHINGLE = 5;
    private static final long[] A = new long[PERMUTATIONS];
    private static final long[] B = new long[PERMUTATIONS];

    static {
        for (int i = 0; i < PERMUTATIONS; i++) {
            A[i] = Long.remainderUnsigned(u64(("envhub-minhash-a-" + i).getBytes(StandardCharsets.US_ASCII)), MERSENNE - 1) + 1;
            B[i] = Long.remainderUnsigned(u64(("envhub-minhash-b-" + i).getBytes(StandardCharsets.US_ASCII)), MERSENNE);
        }
    }

    private FingerprintBuilder() {
    }

    /**
     * The text of a row as the harness sees it.
     *
     * @param promptOrQuestion prompt text (messages' contents joined by newlines) or question
     * @param answer answer, or null
     * @return the text that is shingled
     */
    public static String rowText(String promptOrQuestion, String answer) {
        return (promptOrQuestion == null ? "" : promptOrQuestion) + " " + (answer == null ? "" : answer);
    }

    /**
     * Fingerprints rows.
     *
     * @param rowTexts the text of each row, see {@link #rowText}
     * @param limit most rows kept
     * @return the fingerprint
     */
    public static Fingerprint build(List<String> rowTexts, int limit) {
        int n = rowTexts.size();
        long[][] hashed = new long[n][];
        long[] h0 = new long[n];
        for (int i = 0; i < n; i++) {
            hashed[i] = shingleHashes(rowTexts.get(i));
            h0[i] = minPerm(hashed[i], 0) >>> 29;
        }
        long threshold = 0xFFFFFFFFL;
        if (n > limit) {
            Integer[] order = IntStream.range(0, n).boxed().toArray(Integer[]::new);
            Arrays.sort(order, Comparator.<Integer>comparingLong(i -> h0[i]).thenComparingInt(i -> i));
            threshold = h0[order[limit - 1]];
        }
        ByteBuffer data = ByteBuffer.allocate(n * (1 + BANDS) * 4);
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (h0[i] > threshold) {
                continue;
            }
            kept++;
            long[] sig = new long[PERMUTATIONS];
            for (int p = 0; p < PERMUTATIONS; p++) {
                sig[p] = minPerm(hashed[i], p);
            }
            data.putInt((int) h0[i]);
            for (int band = 0; band < BANDS; band++) {
                ByteBuffer chunk = ByteBuffer.allocate(1 + 8 * ROWS_PER_BAND).put((byte) band);
                for (int j = 0; j < ROWS_PER_BAND; j++) {
                    chunk.putLong(sig[band * ROWS_PER_BAND + j]);
                }
                data.put(sha256(chunk.array()), 0, 4);
            }
        }
        byte[] bytes = Arrays.copyOf(data.array(), data.position());
        return new Fingerprint(Fingerprint.ALGORITHM, PERMUTATIONS, SHINGLE, BANDS, ROWS_PER_BAND, n, kept, threshold,
                Base64.getEncoder().encodeToString(bytes));
    }

    static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        text.toLowerCase(Locale.ROOT).codePoints().forEach(cp -> {
            if (Character.isLetter(cp) || Character.getType(cp) == Character.DECIMAL_DIGIT_NUMBER) {
                cur.appendCodePoint(cp);
            } else if (cur.length() > 0) {
                out.add(cur.toString());
                cur.setLength(0);
            }
        });
        if (cur.length() > 0) {
            out.add(cur.toString());
        }
        return out;
    }

    private static long[] shingleHashes(String text) {
        List<String> w = words(text);
        TreeSet<Long> set = new TreeSet<>();
        if (w.size() <= SHINGLE) {
            set.add(Long.remainderUnsigned(u64(String.join(" ", w).getBytes(StandardCharsets.UTF_8)), MERSENNE));
        } else {
            for (int i = 0; i + SHINGLE <= w.size(); i++) {
                String g = String.join(" ", w.subList(i, i + SHINGLE));
                set.add(Long.remainderUnsigned(u64(g.getBytes(StandardCharsets.UTF_8)), MERSENNE));
            }
        }
        return set.stream().mapToLong(Long::longValue).toArray();
    }

    /** min over x of (a*x + b) mod (2^61 - 1), with a 128-bit product. */
    private static long minPerm(long[] xs, int p) {
        long min = Long.MAX_VALUE;
        for (long x : xs) {
            long hi = Math.multiplyHigh(A[p], x);
            long lo = A[p] * x;
            long r = ((hi << 3) | (lo >>> 61)) + (lo & MERSENNE) + B[p];
            r %= MERSENNE;
            min = Math.min(min, r);
        }
        return min;
    }

    private static long u64(byte[] data) {
        return ByteBuffer.wrap(sha256(data)).getLong();
    }

    private static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
