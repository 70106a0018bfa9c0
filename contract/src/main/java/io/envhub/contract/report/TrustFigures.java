package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The trust card's figures: how the reward is distributed over the reference answers (sparsity) and how varied the
 * dataset's prompts are (diversity). Every figure is null when it could not be measured.
 *
 * @param rows rows the figures were measured on
 * @param rowsWithReference rows that carry a reference answer
 * @param referenceNonZeroShare share of rows whose reference answer scores above the minimum (0..1)
 * @param referenceMean mean score of the reference answers
 * @param referenceSpread standard deviation of the reference answers' scores
 * @param distinctPromptRatio distinct prompts (after normalising case, whitespace and digits' formatting) / rows
 * @param nearDuplicatePairs pairs of prompts whose word shingles are near-identical (Jaccard above the threshold)
 * @param ngramDiversity distinct word 3-grams / all word 3-grams over the prompts (0..1)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TrustFigures(Integer rows, Integer rowsWithReference, Double referenceNonZeroShare, Double referenceMean,
                           Double referenceSpread, Double distinctPromptRatio, Integer nearDuplicatePairs,
                           Double ngramDiversity) {
}
