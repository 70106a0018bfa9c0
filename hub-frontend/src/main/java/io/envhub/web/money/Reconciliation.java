package io.envhub.web.money;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reconciliation report of {@code GET /api/v1/ledger/reconciliation} as the ledger page shows it: the verdict
 * ({@code balanced}) and each other field of the report as a section (a table for a list of objects, rows of name and
 * value otherwise). Fields named {@code ...Minor} are shown as money in the currency of their row (or of the report).
 *
 * @param balanced whether every check passed (the page is green only then)
 * @param sections the report's details, in the order the service sent them
 */
public record Reconciliation(boolean balanced, List<Section> sections) {
    /** One detail of the report: a heading, column names, and rows of already formatted cells. */
    public record Section(String title, List<String> columns, List<List<String>> rows) {
    }

    /** Reads a report; anything but {@code "balanced": true} counts as not balanced. */
    public static Reconciliation of(JsonNode report) {
        boolean balanced = report != null && report.path("balanced").isBoolean() && report.path("balanced").asBoolean();
        List<Section> sections = new ArrayList<>();
        if (report != null && report.isObject()) {
            String currency = report.path("currency").asText(null);
            for (Iterator<Map.Entry<String, JsonNode>> it = report.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                if (!"balanced".equals(field.getKey())) {
                    sections.add(section(field.getKey(), field.getValue(), currency));
                }
            }
        }
        return new Reconciliation(balanced, merge(sections));
    }

    /** Scalar fields of the report gathered into one "Summary" section at the top. */
    private static List<Section> merge(List<Section> sections) {
        List<List<String>> summary = new ArrayList<>();
        List<Section> rest = new ArrayList<>();
        for (Section s : sections) {
            if (s.columns().isEmpty() && s.rows().size() == 1 && s.rows().get(0).size() == 1) {
                summary.add(List.of(s.title(), s.rows().get(0).get(0)));
            } else {
                rest.add(s);
            }
        }
        List<Section> all = new ArrayList<>();
        if (!summary.isEmpty()) {
            all.add(new Section("Summary", List.of("check", "value"), summary));
        }
        all.addAll(rest);
        return all;
    }

    private static Section section(String name, JsonNode value, String currency) {
        String title = words(name);
        if (value.isArray()) {
            Set<String> columns = new LinkedHashSet<>();
            value.forEach(item -> {
                if (item.isObject()) {
                    item.fieldNames().forEachRemaining(columns::add);
                }
            });
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode item : value) {
                if (item.isObject()) {
                    String rowCurrency = item.path("currency").asText(currency);
                    rows.add(columns.stream().map(c -> cell(c, item.path(c), rowCurrency)).toList());
                } else {
                    rows.add(List.of(cell("", item, currency)));
                }
            }
            List<String> heads = columns.isEmpty() ? List.of("item") : columns.stream().map(Reconciliation::words).toList();
            return new Section(title, heads, rows);
        }
        if (value.isObject()) {
            String objCurrency = value.path("currency").asText(currency);
            List<List<String>> rows = new ArrayList<>();
            value.fields().forEachRemaining(f -> rows.add(List.of(words(f.getKey()), cell(f.getKey(), f.getValue(),
                    objCurrency))));
            return new Section(title, List.of("name", "value"), rows);
        }
        return new Section(title, List.of(), List.of(List.of(cell(name, value, currency))));
    }

    /** A value as text; {@code ...Minor} numbers as money when a currency is known. */
    static String cell(String name, JsonNode value, String currency) {
        if (value == null || value.isMissingNode() || value.isNull()) {
            return "";
        }
        if (name.endsWith("Minor") && value.isIntegralNumber() && currency != null) {
            return MoneyFormat.amount(value.asLong(), currency);
        }
        if (value.isBoolean()) {
            return value.asBoolean() ? "yes" : "no";
        }
        if (value.isValueNode()) {
            return value.asText();
        }
        if (value.isArray()) {
            List<String> items = new ArrayList<>();
            value.forEach(v -> items.add(v.isValueNode() ? v.asText() : v.toString()));
            return items.isEmpty() ? "none" : String.join("; ", items);
        }
        return value.toString();
    }

    /** {@code escrowMismatches} -> {@code escrow mismatches}; {@code sumMinor} -> {@code sum}. */
    static String words(String key) {
        String k = key.endsWith("Minor") && key.length() > "Minor".length() ? key.substring(0, key.length() - 5) : key;
        return k.replaceAll("([a-z0-9])([A-Z])", "$1 $2").replace('_', ' ').toLowerCase(java.util.Locale.ROOT);
    }
}
