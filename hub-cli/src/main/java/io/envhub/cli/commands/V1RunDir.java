package io.envhub.cli.commands;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A verifiers v1 run directory ({@code vf-eval} v1: {@code traces.jsonl}, one episode per line, each with its traces;
 * {@code configs/<cli>.json}, the resolved run config) read as the hub's run upload: {@code metadata.json} (model, the
 * sampling config, the taskset id, task and rollout counts, mean reward and per-reward-function means) and
 * {@code results.jsonl} (one row per trace: the task key as {@code example_id}, the task's prompt, the messages from the
 * first model reply on as {@code completion}, the weighted reward sum as {@code reward}, each reward function's score and
 * each numeric trace metric under {@code metrics}, the episode's stop condition and errors under {@code info}).
 */
final class V1RunDir {
    /** The file name that marks a v1 run directory. */
    static final String TRACES = "traces.jsonl";

    private V1RunDir() {
    }

    /** Whether {@code dir} is a v1 run directory. */
    static boolean is(Path dir) {
        return Files.isRegularFile(dir.resolve(TRACES));
    }

    /** The converted files, in a temporary directory the caller deletes. */
    record Converted(Path dir, Path metadata, Path results, long rows) {
    }

    static Converted convert(Path runDir, ObjectMapper json) throws IOException {
        JsonNode config = config(runDir, json);
        Path out = Files.createTempDirectory("envhub-eval-v1-");
        try {
            return convert(runDir, json, config, out);
        } catch (IOException | RuntimeException e) {
            delete(out);
            throw e;
        }
    }

    /** Deletes the converted files and their directory. */
    static void delete(Path out) throws IOException {
        try (Stream<Path> files = Files.list(out)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(out);
    }

    private static Converted convert(Path runDir, ObjectMapper json, JsonNode config, Path out) throws IOException {
        Path results = out.resolve("results.jsonl");
        Map<String, Integer> perTask = new LinkedHashMap<>();
        Map<String, double[]> sums = new TreeMap<>();
        double rewardSum = 0;
        long rows = 0;
        String envId = null;
        long lineNo = 0;
        // one row per line, whatever the mapper's pretty-printing (the CLI's indents its output)
        ObjectWriter oneLine = json.writer().without(SerializationFeature.INDENT_OUTPUT);
        try (BufferedReader in = Files.newBufferedReader(runDir.resolve(TRACES), StandardCharsets.UTF_8);
             BufferedWriter w = Files.newBufferedWriter(results, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNo++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode episode;
                try {
                    episode = json.readTree(line);
                } catch (IOException e) {
                    throw new CliException(ExitCodes.USAGE, "line " + lineNo + " of " + runDir.resolve(TRACES)
                            + " is not well-formed JSON (a torn last line? resume the run with `vf-eval --resume`)");
                }
                if (envId == null && !episode.path("env").path("id").asText("").isBlank()) {
                    envId = episode.path("env").path("id").asText();
                }
                for (JsonNode trace : episode.path("traces")) {
                    ObjectNode row = row(episode, trace, json, lineNo);
                    String key = row.path("example_id").asText();
                    perTask.merge(key, 1, Integer::sum);
                    rewardSum += row.path("reward").asDouble();
                    row.path("metrics").fields().forEachRemaining(f -> {
                        double[] s = sums.computeIfAbsent(f.getKey(), k -> new double[2]);
                        s[0] += f.getValue().asDouble();
                        s[1]++;
                    });
                    w.write(oneLine.writeValueAsString(row));
                    w.write('\n');
                    rows++;
                }
            }
        }
        if (rows == 0) {
            throw new CliException(ExitCodes.USAGE, runDir.resolve(TRACES) + " holds no traces (every episode errored before "
                    + "a rollout?) — nothing to push");
        }
        int most = perTask.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        if (perTask.values().stream().anyMatch(n -> n != most)) {
            throw new CliException(ExitCodes.USAGE, runDir.resolve(TRACES) + " has uneven rollouts per task (" + perTask.size()
                    + " tasks, " + rows + " traces, up to " + most + " per task): the hub takes tasks × rollouts — fill the "
                    + "missing ones with `vf-eval --resume " + runDir + "`");
        }
        ObjectNode meta = json.createObjectNode();
        String model = config.path("model").asText("");
        if (model.isBlank()) {
            throw new CliException(ExitCodes.USAGE, runDir + ": the run config (configs/*.json) names no 'model'");
        }
        meta.put("model", model);
        if (envId == null) {
            envId = config.path("env").path("taskset").path("id").asText("");
        }
        if (!envId.isBlank()) {
            meta.put("env_id", envId);
        }
        meta.set("sampling_args", config.path("sampling").isObject() ? config.path("sampling") : json.createObjectNode());
        String baseUrl = config.path("client").path("base_url").asText("");
        if (!baseUrl.isBlank()) {
            meta.put("base_url", baseUrl);
        }
        meta.put("num_examples", perTask.size());
        meta.put("rollouts_per_example", most);
        meta.put("avg_reward", rewardSum / rows);
        ObjectNode avg = meta.putObject("avg_metrics");
        sums.forEach((k, s) -> avg.put(k, s[0] / s[1]));
        meta.put("format", "verifiers-v1");
        Path metadata = out.resolve("metadata.json");
        Files.writeString(metadata, json.writeValueAsString(meta), StandardCharsets.UTF_8);
        return new Converted(out, metadata, results, rows);
    }

    /** The resolved config: the first {@code configs/*.json} by name (as verifiers picks it), else empty. */
    private static JsonNode config(Path runDir, ObjectMapper json) throws IOException {
        Path dir = runDir.resolve("configs");
        if (!Files.isDirectory(dir)) {
            throw new CliException(ExitCodes.USAGE, runDir + " has traces.jsonl but no configs/<cli>.json (the run's config, "
                    + "which names the model) — give the directory vf-eval wrote");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new CliException(ExitCodes.USAGE, dir + " holds no <cli>.json");
        }
        try {
            return json.readTree(files.get(0).toFile());
        } catch (IOException e) {
            throw new CliException(ExitCodes.USAGE, files.get(0) + " is not well-formed JSON");
        }
    }

    private static ObjectNode row(JsonNode episode, JsonNode trace, ObjectMapper json, long lineNo) {
        JsonNode task = trace.path("task").isObject() ? trace.path("task") : episode.path("task");
        JsonNode data = task.path("data");
        ObjectNode row = json.createObjectNode();
        String key = firstText(task.path("key"), data.path("idx"), task.path("hash"));
        if (key == null) {
            throw new CliException(ExitCodes.USAGE, "line " + lineNo + " of traces.jsonl: a trace without a task key, idx or hash");
        }
        row.put("example_id", key);
        ArrayNode prompt = row.putArray("prompt");
        ArrayNode completion = row.putArray("completion");
        boolean replied = false;
        for (JsonNode node : trace.path("nodes")) {
            JsonNode message = node.path("message");
            replied |= "assistant".equals(message.path("role").asText());
            (replied ? completion : prompt).add(message);
        }
        if (prompt.isEmpty() && !data.path("prompt").isMissingNode()) {
            row.set("prompt", data.path("prompt"));
        }
        double reward = 0;
        ObjectNode metrics = row.putObject("metrics");
        var rewards = trace.path("rewards").fields();
        while (rewards.hasNext()) {
            var r = rewards.next();
            if (r.getValue().path("score").isNumber()) {
                double score = r.getValue().path("score").asDouble();
                reward += score * r.getValue().path("weight").asDouble(1.0);
                metrics.put(r.getKey(), score);
            }
        }
        var extra = trace.path("metrics").fields();
        while (extra.hasNext()) {
            var m = extra.next();
            if (m.getValue().isNumber() && !metrics.has(m.getKey())) {
                metrics.put(m.getKey(), m.getValue().asDouble());
            }
        }
        row.put("reward", reward);
        if (!data.path("answer").isMissingNode()) {
            row.set("answer", data.path("answer"));
        }
        ObjectNode info = row.putObject("info");
        info.put("episode", episode.path("id").asText(""));
        info.put("trace", trace.path("id").asText(""));
        if (trace.hasNonNull("stop_condition")) {
            info.put("stop_condition", trace.path("stop_condition").asText());
        }
        info.put("ok", trace.path("ok").asBoolean(false));
        if (trace.path("errors").isArray() && !trace.path("errors").isEmpty()) {
            info.set("errors", trace.path("errors"));
        }
        return row;
    }

    private static String firstText(JsonNode... candidates) {
        for (JsonNode c : candidates) {
            if (c.isTextual() && !c.asText().isBlank() || c.isIntegralNumber()) {
                return c.asText();
            }
        }
        return null;
    }
}
