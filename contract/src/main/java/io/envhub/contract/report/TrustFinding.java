package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * One thing the trust checks found, with the evidence an author needs to reproduce it and a one-line fix hint. The
 * validator writes the findings of its probes; the hub adds the {@link #CONTAMINATION} findings (overlap with other
 * environments and with registered reference benchmarks) when it stores the report.
 *
 * @param category one of {@link #HACKING}, {@link #SPARSITY}, {@link #DIVERSITY}, {@link #DETERMINISM},
 *     {@link #CONTAMINATION} (the trust card's groups)
 * @param probe the probe or check that found it, e.g. {@code answer-spraying}, {@code magic-token},
 *     {@code empty-reply}, {@code format-only}, {@code reference-answer}, {@code duplicate-prompts},
 *     {@code test-tampering}, {@code benchmark-overlap}
 * @param message one line for people (also listed in {@link TrustReport#flags()})
 * @param hint one line telling the author how to fix it, or null
 * @param row index of an example row in the dataset preview, or null
 * @param prompt the example row's prompt (at most 300 characters), or null
 * @param reply the reply the probe sent (at most 300 characters), or null
 * @param score the score that reply got, or null
 * @param referenceScore the score the row's reference answer got, or null when the row has none
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TrustFinding(String category, String probe, String message, String hint, Integer row, String prompt,
                           String reply, Double score, Double referenceScore) {

    /** A reply that should not score does (reward hacking). */
    public static final String HACKING = "hacking";
    /** The reward rarely or never rewards correct answers. */
    public static final String SPARSITY = "sparsity";
    /** The dataset repeats itself. */
    public static final String DIVERSITY = "diversity";
    /** The reward changes between runs. */
    public static final String DETERMINISM = "determinism";
    /** Rows overlap other environments or reference benchmarks. */
    public static final String CONTAMINATION = "contamination";
}
