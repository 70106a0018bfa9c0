package io.envhub.registry.diff;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.api.VersionDiff;
import io.envhub.contract.api.VersionDiff.DependencyChange;
import io.envhub.contract.api.VersionDiff.FieldChange;
import io.envhub.format.name.ProjectName;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The declared dependencies ({@code Requires-Dist}) and core metadata fields of two versions compared. A requirement is
 * keyed by its project name and environment marker, so {@code numpy>=1.26} becoming {@code numpy>=2} is one change.
 */
final class MetadataDiffs {
    private static final Pattern REQUIREMENT_NAME = Pattern.compile("^\\s*([A-Za-z0-9][A-Za-z0-9._-]*)");
    /** The stored core metadata's keys and the header names people know them by (those compared). */
    private static final Map<String, String> FIELDS = fields();

    private MetadataDiffs() {
    }

    private static Map<String, String> fields() {
        Map<String, String> f = new LinkedHashMap<>();
        f.put("metadataVersion", "Metadata-Version");
        f.put("summary", "Summary");
        f.put("license", "License");
        f.put("requiresPython", "Requires-Python");
        f.put("keywords", "Keywords");
        f.put("author", "Author");
        f.put("authorEmail", "Author-email");
        f.put("descriptionContentType", "Description-Content-Type");
        return f;
    }

    static List<DependencyChange> dependencies(List<String> from, List<String> to) {
        Map<String, String> a = byRequirement(from);
        Map<String, String> b = byRequirement(to);
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        List<DependencyChange> out = new ArrayList<>();
        for (String key : keys) {
            String ra = a.get(key);
            String rb = b.get(key);
            if (Objects.equals(normalise(ra), normalise(rb))) {
                continue;
            }
            String change = ra == null ? VersionDiff.ADDED : rb == null ? VersionDiff.REMOVED : VersionDiff.CHANGED;
            out.add(new DependencyChange(key, change, ra, rb));
        }
        return out;
    }

    static List<FieldChange> fields(JsonNode from, JsonNode to) {
        Map<String, String> a = flatten(from);
        Map<String, String> b = flatten(to);
        TreeSet<String> order = new TreeSet<>(a.keySet());
        order.addAll(b.keySet());
        List<FieldChange> out = new ArrayList<>();
        for (String field : FIELDS.values()) {
            add(out, field, a, b);
        }
        for (String field : order) {
            if (!FIELDS.containsValue(field)) {
                add(out, field, a, b);
            }
        }
        return out;
    }

    private static void add(List<FieldChange> out, String field, Map<String, String> a, Map<String, String> b) {
        String va = a.get(field);
        String vb = b.get(field);
        if (!Objects.equals(va, vb)) {
            out.add(new FieldChange(field, va, vb));
        }
    }

    /** The compared fields as header name to value (several values joined with a newline); empty values left out. */
    private static Map<String, String> flatten(JsonNode metadata) {
        Map<String, String> out = new TreeMap<>();
        if (metadata == null) {
            return out;
        }
        FIELDS.forEach((key, header) -> put(out, header, metadata.get(key)));
        JsonNode other = metadata.get("other");
        if (other != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = other.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                put(out, e.getKey(), e.getValue());
            }
        }
        return out;
    }

    private static void put(Map<String, String> out, String header, JsonNode value) {
        if (value == null || value.isNull()) {
            return;
        }
        String text;
        if (value.isArray()) {
            List<String> parts = new ArrayList<>();
            value.forEach(v -> parts.add(v.asText()));
            text = String.join("\n", parts);
        } else {
            text = value.asText();
        }
        if (!text.isBlank()) {
            out.put(header, text);
        }
    }

    private static Map<String, String> byRequirement(List<String> requirements) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String r : requirements == null ? List.<String>of() : requirements) {
            Matcher m = REQUIREMENT_NAME.matcher(r);
            String name = m.find() ? ProjectName.normalize(m.group(1)) : r.strip();
            int semicolon = r.indexOf(';');
            String marker = semicolon < 0 ? "" : " ; " + r.substring(semicolon + 1).strip();
            out.put(name + marker, r.strip());
        }
        return out;
    }

    private static String normalise(String requirement) {
        return requirement == null ? null : requirement.replaceAll("\\s+", "");
    }
}
