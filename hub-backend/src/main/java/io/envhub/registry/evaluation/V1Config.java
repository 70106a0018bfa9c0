package io.envhub.registry.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import java.io.IOException;
import java.time.Instant;
import java.util.Iterator;
import java.util.Map;

/**
 * A verifiers v1 run read as the hub's run figures: the resolved run config ({@code configs/<cli>.json}, as
 * {@code vf-eval} v1 writes it: {@code model}, {@code sampling}, {@code client.base_url}, {@code env.taskset.id},
 * {@code env.id}) together with what the scan of traces.jsonl found (tasks, traces per task, the traces' wall-clock span).
 * The taskset id may be a hub id {@code owner/name@version}; its version is the run's recorded environment version.
 */
final class V1Config {
    private V1Config() {
    }

    static EvalMetadata read(byte[] bytes, ResultsScanner.Scan scan, ObjectMapper json) {
        JsonNode root;
        try {
            root = json.readTree(bytes);
        } catch (IOException e) {
            throw new ApiException.Invalid(ProblemCode.METADATA_INVALID_JSON, "The run config (configs/<cli>.json) is not "
                    + "well-formed JSON: " + EvalMetadata.firstLine(e.getMessage()));
        }
        if (!(root instanceof ObjectNode obj)) {
            throw EvalMetadata.invalid("The run config (configs/<cli>.json) must be a JSON object.");
        }
        String model = obj.path("model").asText("").strip();
        if (model.isEmpty()) {
            throw EvalMetadata.invalid("The run config (configs/<cli>.json) names no 'model'.");
        }
        if (model.length() > EvalMetadata.MAX_MODEL_CHARS || model.chars().anyMatch(Character::isISOControl)) {
            throw EvalMetadata.invalid("'model' must be at most " + EvalMetadata.MAX_MODEL_CHARS
                    + " characters, without control characters.");
        }
        ObjectNode sampling = json.createObjectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = obj.path("sampling").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (!f.getValue().isNull()) {
                sampling.set(f.getKey(), f.getValue());
            }
        }
        int tasks = scan.perExample().size();
        int most = scan.perExample().values().stream().mapToInt(Integer::intValue).max().orElse(0);
        for (Map.Entry<String, Integer> e : scan.perExample().entrySet()) {
            if (e.getValue() != most) {
                throw new ApiException.Invalid(ProblemCode.EXAMPLE_IDS_MISMATCH, "traces.jsonl has uneven rollouts per task: task "
                        + e.getKey() + " has " + e.getValue() + " traces, another has " + most + ". A run is tasks × rollouts: "
                        + "fill the missing ones with `vf-eval --resume` first.");
            }
        }
        String envId = taskset(obj);
        if (envId == null && !scan.envIds().isEmpty()) {
            envId = scan.envIds().iterator().next();
        }
        String version = null;
        if (envId != null && envId.contains("@")) {
            version = envId.substring(envId.indexOf('@') + 1).strip();
            envId = envId.substring(0, envId.indexOf('@'));
        }
        String date = Double.isNaN(scan.start()) ? null : Instant.ofEpochMilli(Math.round(scan.start() * 1000)).toString();
        Long duration = Double.isNaN(scan.start()) || Double.isNaN(scan.end()) || scan.end() < scan.start() ? null
                : Math.round((scan.end() - scan.start()) * 1000);
        return new EvalMetadata(obj, envId, model, EvalMetadata.host(obj.path("client").path("base_url").asText(null)), tasks,
                most, sampling, null, Map.of(), null, null, date, duration,
                version == null || version.isEmpty() ? null : EvalMetadata.clip(version, 100));
    }

    /** The taskset id as configured ({@code env.taskset.id}), or null. */
    private static String taskset(ObjectNode config) {
        String id = config.path("env").path("taskset").path("id").asText("").strip();
        return id.isEmpty() ? null : id;
    }
}
