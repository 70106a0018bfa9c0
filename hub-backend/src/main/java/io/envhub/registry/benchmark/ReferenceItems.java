package io.envhub.registry.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.format.fingerprint.FingerprintBuilder;
import io.envhub.kit.error.ApiException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a reference benchmark's JSONL (one JSON object a line, blank lines skipped) into the row texts the dataset
 * fingerprint is computed from, exactly as the validator's harness reads a dataset row: the {@code prompt} (a string, or
 * chat messages whose {@code content}s are joined by newlines) or else the {@code question}, a space, then the
 * {@code answer} (numbers as their decimal text). Nothing else of an item is read, and nothing of it is kept.
 */
final class ReferenceItems {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ReferenceItems() {
    }

    /**
     * The row texts of every item.
     *
     * @param body the JSONL, UTF-8
     * @param maxItems most items accepted
     * @return one text per item, in order
     * @throws ApiException.Invalid (invalid-jsonl) naming the first bad line, or when there is no item
     */
    static List<String> read(InputStream body, int maxItems) {
        List<String> out = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
            int lineNo = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                if (out.size() == maxItems) {
                    throw bad("more than " + maxItems + " items (line " + lineNo + "); split the set or raise"
                            + " ENVHUB_BENCHMARKS_MAX_ITEMS");
                }
                out.add(text(parse(line, lineNo), lineNo));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (out.isEmpty()) {
            throw bad("the JSONL has no item: send one JSON object a line, each with a \"question\" or \"prompt\"");
        }
        return out;
    }

    private static JsonNode parse(String line, int lineNo) {
        try {
            JsonNode node = JSON.readTree(line);
            if (node == null || !node.isObject()) {
                throw bad("line " + lineNo + " is not a JSON object");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw bad("line " + lineNo + " is not JSON: " + e.getOriginalMessage());
        }
    }

    private static String text(JsonNode item, int lineNo) {
        JsonNode prompt = item.hasNonNull("prompt") ? item.get("prompt") : item.get("question");
        String text = textOf(prompt);
        if (text.isBlank()) {
            throw bad("line " + lineNo + " has no \"question\" or \"prompt\" text");
        }
        return FingerprintBuilder.rowText(text, textOf(item.get("answer")));
    }

    /** The harness's {@code text_of}: strings as they are, chat messages' contents joined by newlines. */
    private static String textOf(JsonNode value) {
        if (value == null || value.isNull()) {
            return "";
        }
        if (value.isTextual()) {
            return value.asText();
        }
        if (value.isArray()) {
            List<String> parts = new ArrayList<>();
            for (JsonNode m : value) {
                parts.add(m.isObject() ? textOf(m.get("content")) : textOf(m));
            }
            return String.join("\n", parts);
        }
        if (value.isBoolean()) {
            return value.asBoolean() ? "True" : "False";
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    private static ApiException bad(String detail) {
        return new ApiException.Invalid(ProblemCode.INVALID_JSONL, "Reference set items: " + detail + ".");
    }
}
