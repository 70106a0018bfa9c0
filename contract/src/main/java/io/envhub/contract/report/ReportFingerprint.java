package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The contamination fingerprint as a report carries it ({@code fingerprint}): the wire form of package-format's
 * {@code io.envhub.format.fingerprint.Fingerprint}, which computes and decodes it; the components and their JSON names
 * are the same.
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
@JsonIgnoreProperties(ignoreUnknown = true)
public record ReportFingerprint(String algorithm, int permutations, int shingleWords, int bands, int rowsPerBand, int rows,
                                int sampledRows, long threshold, String rowData) {
}
