package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * What the runtime checks saw of the dataset, and a preview of its first rows (untrusted text: whoever shows it
 * escapes it).
 *
 * @param source where it was found ({@code dataset}, {@code eval_dataset}, ...)
 * @param size number of rows
 * @param columns column names, in order of first appearance (at most 100)
 * @param rowsWithPrompt rows that have a {@code prompt} or a {@code question}
 * @param schema each column's name and the type of its values ({@code string}, {@code integer}, {@code number},
 *     {@code boolean}, {@code chat}, {@code list}, {@code object}, {@code null}, {@code mixed}); null when the
 *     harness gave none
 * @param sample the first rows ({@value #MAX_SAMPLE_ROWS} at most), one cell per schema column as text (at most
 *     {@value #MAX_CELL_CHARS} characters, longer text cut and ending in an ellipsis; null for a missing value);
 *     null when the harness gave none
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DatasetSummary(String source, int size, List<String> columns, int rowsWithPrompt, List<Column> schema,
                             List<List<String>> sample) {

    /** Most rows kept in {@link #sample}. */
    public static final int MAX_SAMPLE_ROWS = 10;
    /** Most characters kept of one cell. */
    public static final int MAX_CELL_CHARS = 300;

    /**
     * A summary without a preview.
     *
     * @param source source
     * @param size size
     * @param columns columns
     * @param rowsWithPrompt rows with a prompt
     */
    public DatasetSummary(String source, int size, List<String> columns, int rowsWithPrompt) {
        this(source, size, columns, rowsWithPrompt, null, null);
    }

    /** This summary without its preview (to compare the counts alone). */
    public DatasetSummary withoutPreview() {
        return new DatasetSummary(source, size, columns, rowsWithPrompt);
    }

    /**
     * One column of the preview.
     *
     * @param name column name
     * @param type type of its values
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Column(String name, String type) {
    }
}
