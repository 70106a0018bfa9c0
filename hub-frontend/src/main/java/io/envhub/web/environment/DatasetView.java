package io.envhub.web.environment;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The dataset preview of one version as the Dataset tab shows it (untrusted text: the template escapes every cell).
 *
 * @param source where the validator found the dataset ({@code dataset}, {@code eval_dataset})
 * @param size number of rows, or null when unknown
 * @param columns the columns and their value types
 * @param rows the first rows, one cell per column (null: the row lacks it)
 */
public record DatasetView(String source, Long size, List<Column> columns, List<List<String>> rows) {

    /** A column and the type of its values. */
    public record Column(String name, String type) {
    }

    /** Reads the backend's {@code .../dataset} answer; the columns alone when it has no schema. */
    static DatasetView of(JsonNode d) {
        List<Column> columns = new ArrayList<>();
        if (d.path("schema").isArray()) {
            d.path("schema").forEach(c -> columns.add(new Column(c.path("name").asText(""), c.path("type").asText(""))));
        } else {
            d.path("columns").forEach(c -> columns.add(new Column(c.asText(""), "")));
        }
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode row : d.path("sample")) {
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                JsonNode cell = row.path(i);
                cells.add(cell.isMissingNode() || cell.isNull() ? null : cell.asText());
            }
            rows.add(cells);
        }
        Long size = d.path("size").isNumber() ? d.path("size").asLong() : null;
        return new DatasetView(d.path("source").asText(null), size, List.copyOf(columns), List.copyOf(rows));
    }
}
