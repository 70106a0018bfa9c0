package io.envhub.format.fingerprint;

import java.nio.ByteBuffer;
import java.util.Base64;

/**
 * Contamination fingerprint of a dataset, computed by the harness in the sandbox (and by
 * {@link FingerprintBuilder} in Java, which gives identical values).
 *
 * <p>Every row's text (prompt, or question, then answer) is lower-cased and split into words (runs of letters and
 * decimal digits); its word 5-shingles (or the whole text when it has at most 5 words) are hashed (first 8 bytes
 * of SHA-256, mod 2^61-1) and a MinHash signature of 128 values is taken with the permutations
 * {@code h_i(x) = (a_i x + b_i) mod (2^61-1)}, {@code a_i}, {@code b_i} derived from SHA-256 of fixed seeds. Rows
 * are sampled consistently: all rows when there are at most {@code fingerprintRows}, otherwise the rows whose
 * {@code h0} (top 32 bits of the first signature value) is at most {@link #threshold()}, the k-th smallest. Each
 * kept row is stored as {@code h0} and 16 LSH band keys (first 4 bytes of SHA-256 of the band index and 8
 * signature values), 68 bytes big-endian, in {@link #rowData()} (base64).
 *
 * @param algorithm {@code minhash-lsh/v1}
 * @param permutations 128
 * @param shingleWords 5
 * @param bands 16
 * @param rowsPerBand 8
 * @param rows rows of the dataset
 * @param sampledRows rows kept
 * @param threshold largest h0 kept (4294967295 when every row is kept)
 * @param rowData kept rows, base64
 */
public record Fingerprint(String algorithm, int permutations, int shingleWords, int bands, int rowsPerBand, int rows,
                          int sampledRows, long threshold, String rowData) {

    /** The only algorithm this version understands. */
    public static final String ALGORITHM = "minhash-lsh/v1";

    /**
     * Decodes the kept rows.
     *
     * @return one entry per kept row: {@code [h0, key_0, ..., key_15]} as unsigned values
     */
    public long[][] decodeRows() {
        if (!ALGORITHM.equals(algorithm)) {
            throw new IllegalArgumentException("unknown fingerprint algorithm " + algorithm);
        }
        ByteBuffer buf = ByteBuffer.wrap(Base64.getDecoder().decode(rowData));
        int width = 1 + bands;
        if (buf.remaining() != sampledRows * width * 4) {
            throw new IllegalArgumentException("fingerprint row data has " + buf.remaining() + " bytes, expected "
                    + sampledRows * width * 4);
        }
        long[][] out = new long[sampledRows][width];
        for (int r = 0; r < sampledRows; r++) {
            for (int i = 0; i < width; i++) {
                out[r][i] = Integer.toUnsignedLong(buf.getInt());
            }
        }
        return out;
    }
}
