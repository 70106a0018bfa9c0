package io.envhub.registry.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.format.fingerprint.Fingerprint;
import io.envhub.format.fingerprint.FingerprintBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The rows of a stored report's dataset preview ({@code dataset.sample}, the first rows, each cell as text) as the
 * fingerprint reads rows, so that a contamination finding can show one of the dataset's own rows as its example. A
 * chat prompt's cell is written {@code role: content} per message; the roles are taken off again, since the
 * fingerprint reads the contents alone. A cell cut at the preview's length fingerprints a little differently from the
 * whole row: a row found this way is in the set, a row not found may still be (the example is a best effort, the
 * share of rows is the finding).
 *
 * @param index the row's position in the dataset
 * @param prompt the prompt as the preview shows it
 * @param fingerprint the row alone, fingerprinted
 */
public record PreviewRow(int index, String prompt, Fingerprint fingerprint) {
    private static final Pattern ROLE = Pattern.compile("(?m)^(system|user|assistant|tool|developer): ");

    /** The preview's rows that have a prompt or a question, in order; none when the report has no preview. */
    public static List<PreviewRow> of(JsonNode report) {
        JsonNode dataset = report == null ? null : report.get("dataset");
        if (dataset == null || !dataset.path("sample").isArray() || !dataset.path("schema").isArray()) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        List<String> types = new ArrayList<>();
        dataset.get("schema").forEach(c -> {
            names.add(c.path("name").asText(""));
            types.add(c.path("type").asText(""));
        });
        int prompt = names.indexOf("prompt") >= 0 ? names.indexOf("prompt") : names.indexOf("question");
        int answer = names.indexOf("answer");
        if (prompt < 0) {
            return List.of();
        }
        List<PreviewRow> out = new ArrayList<>();
        int index = 0;
        for (JsonNode row : dataset.get("sample")) {
            String shown = cell(row, prompt);
            if (shown != null && !shown.isBlank()) {
                String text = "chat".equals(types.get(prompt)) ? ROLE.matcher(shown).replaceAll("") : shown;
                String rowText = FingerprintBuilder.rowText(text, answer < 0 ? null : cell(row, answer));
                out.add(new PreviewRow(index, shown, FingerprintBuilder.build(List.of(rowText), 1)));
            }
            index++;
        }
        return out;
    }

    private static String cell(JsonNode row, int column) {
        JsonNode v = row.path(column);
        return v.isTextual() ? v.asText() : null;
    }
}
