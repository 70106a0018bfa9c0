package io.envhub.validator.check;

import java.util.List;

/**
 * What the runtime checks saw of the dataset.
 *
 * @param source where it was found ({@code dataset}, {@code eval_dataset}, ...)
 * @param size number of rows
 * @param columns column names, in order of first appearance (at most 100)
 * @param rowsWithPrompt rows that have a {@code prompt} or a {@code question}
 */
public record DatasetSummary(String source, int size, List<String> columns, int rowsWithPrompt) {
}
