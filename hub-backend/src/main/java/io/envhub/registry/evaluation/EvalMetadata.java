package io.envhub.registry.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The fields of a run's metadata.json (as the verifiers tooling writes it) that the hub reads: {@code model},
 * {@code num_examples}, {@code rollouts_per_example} (required), {@code env_id}, {@code sampling_args},
 * {@code avg_reward}, {@code avg_metrics}, {@code pass_at_k}, {@code cost}, {@code date}, the duration ({@code time}
 * in seconds, as verifiers writes it, or {@code time_ms}), the environment version the run recorded
 * ({@code version_info.env_version}), and the provider label ({@code provider}, else the host of {@code base_url}: never
 * its path or query, which may hold keys). verifiers drops {@code date} from the metadata.json it writes, so the date
 * is often absent here and comes from the push's {@code run_date} part.
 */
record EvalMetadata(ObjectNode raw, String envId, String model, String provider, int numExamples, int rolloutsPerExample,
                    JsonNode samplingArgs, Double avgReward, Map<String, Double> avgMetrics, JsonNode passAtK,
                    Long costMicroUsd, String date, Long durationMs, String envVersion) {
    static final int MAX_MODEL_CHARS = 200;

    /** Parses and checks; every refusal is a 400 naming the field. */
    static EvalMetadata parse(byte[] bytes, ObjectMapper json) {
        JsonNode root;
        try {
            root = json.readTree(bytes);
        } catch (IOException e) {
            throw new ApiException.Invalid(ProblemCode.METADATA_INVALID_JSON, "metadata.json is not well-formed JSON: "
                    + firstLine(e.getMessage()));
        }
        if (!(root instanceof ObjectNode obj)) {
            throw invalid("metadata.json must be a JSON object.");
        }
        String model = text(obj, "model");
        if (model == null || model.isBlank()) {
            throw invalid("metadata.json needs 'model' (the model's name, e.g. openai/gpt-4.1-mini).");
        }
        if (model.length() > MAX_MODEL_CHARS || model.chars().anyMatch(Character::isISOControl)) {
            throw invalid("'model' must be at most " + MAX_MODEL_CHARS + " characters, without control characters.");
        }
        int examples = positiveInt(obj, "num_examples");
        int rollouts = positiveInt(obj, "rollouts_per_example");
        JsonNode sampling = obj.path("sampling_args");
        if (!sampling.isMissingNode() && !sampling.isNull() && !sampling.isObject()) {
            throw invalid("'sampling_args' must be an object.");
        }
        Double avgReward = number(obj, "avg_reward");
        Map<String, Double> metrics = new LinkedHashMap<>();
        JsonNode avgMetrics = obj.path("avg_metrics");
        if (avgMetrics.isObject()) {
            avgMetrics.fields().forEachRemaining(f -> {
                if (f.getValue().isNumber()) {
                    metrics.put(f.getKey(), f.getValue().asDouble());
                }
            });
        } else if (!avgMetrics.isMissingNode() && !avgMetrics.isNull()) {
            throw invalid("'avg_metrics' must be an object of numbers.");
        }
        JsonNode passAtK = obj.path("pass_at_k");
        if (passAtK.isMissingNode() || passAtK.isNull()) {
            passAtK = null;
        } else if (!passAtK.isObject()) {
            throw invalid("'pass_at_k' must be an object (k to a fraction), e.g. {\"1\": 0.5, \"4\": 0.8}.");
        }
        Long duration = obj.path("time_ms").isNumber() ? Long.valueOf(Math.round(obj.path("time_ms").asDouble()))
                : obj.path("time").isNumber() && obj.path("time").asDouble() >= 0
                ? Long.valueOf(Math.round(obj.path("time").asDouble() * 1000)) : null;
        String envVersion = text((obj.path("version_info") instanceof ObjectNode vi) ? vi : json.createObjectNode(), "env_version");
        return new EvalMetadata(obj, text(obj, "env_id"), model.strip(), provider(obj), examples, rollouts,
                sampling.isObject() ? sampling : json.createObjectNode(), avgReward, metrics, passAtK, cost(obj.path("cost")),
                clip(text(obj, "date"), 64), duration, envVersion == null || envVersion.isBlank() ? null : clip(envVersion.strip(), 100));
    }

    /** The rollouts the metadata announces. */
    long expectedRollouts() {
        return (long) numExamples * rolloutsPerExample;
    }

    private static String provider(ObjectNode obj) {
        String provider = text(obj, "provider");
        if (provider != null && !provider.isBlank()) {
            return clip(provider.strip(), 100);
        }
        return host(text(obj, "base_url"));
    }

    /** The host of a base URL, or null: never its path or query, which may hold keys. */
    static String host(String base) {
        if (base == null || base.isBlank()) {
            return null;
        }
        try {
            String host = URI.create(base.strip()).getHost();
            return host == null ? null : clip(host, 100);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** {@code cost} as a number of US dollars, or an object with {@code total_usd}, {@code usd} or {@code total}. */
    private static Long cost(JsonNode cost) {
        JsonNode usd = cost.isNumber() ? cost : null;
        if (cost.isObject()) {
            for (String field : new String[] {"total_usd", "usd", "total"}) {
                if (cost.path(field).isNumber()) {
                    usd = cost.path(field);
                    break;
                }
            }
        }
        if (usd == null || usd.asDouble() < 0) {
            return null;
        }
        return usd.decimalValue().movePointRight(6).setScale(0, RoundingMode.HALF_UP).min(BigDecimal.valueOf(Long.MAX_VALUE))
                .longValue();
    }

    private static int positiveInt(ObjectNode obj, String field) {
        JsonNode n = obj.path(field);
        if (!n.canConvertToInt() || !n.isIntegralNumber() || n.asInt() <= 0) {
            throw invalid("metadata.json needs '" + field + "', a positive whole number.");
        }
        return n.asInt();
    }

    private static Double number(ObjectNode obj, String field) {
        JsonNode n = obj.path(field);
        if (n.isMissingNode() || n.isNull()) {
            return null;
        }
        if (!n.isNumber()) {
            throw invalid("'" + field + "' must be a number.");
        }
        return n.asDouble();
    }

    private static String text(ObjectNode obj, String field) {
        JsonNode n = obj.path(field);
        return n.isTextual() ? n.asText() : null;
    }

    static String clip(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    static String firstLine(String message) {
        if (message == null) {
            return "unreadable";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    static ApiException invalid(String detail) {
        return new ApiException.Invalid(ProblemCode.METADATA_INVALID, detail);
    }
}
