package io.envhub.registry.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.api.ChatContent;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.evaluation.EvalViews.Rollout;
import io.envhub.registry.evaluation.EvalViews.ToolCall;
import io.envhub.registry.evaluation.EvalViews.Turn;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One line of a verifiers v1 {@code traces.jsonl} (an {@code Episode}: {@code id}, {@code env.id}, {@code task},
 * {@code ok}, {@code errors}, {@code traces}) as the hub reads it. Each trace is one rollout: its task key
 * ({@code task.key}, else {@code task.hash}, else the data's {@code idx}), its reward (the weighted sum of
 * {@code rewards}: name to {@code {score, weight}}, null when scoring did not run), each reward function's score
 * and each numeric trace metric (named {@code metric:<name>}), its wall-clock span ({@code timing} epoch seconds,
 * model calls and message timestamps), and, for the run page, its turns ({@code nodes[].message}: role, content,
 * tool calls with their results matched by {@code tool_call_id}) and its {@code stop_condition}.
 */
final class V1Episodes {
    private static final String[] SPANS = {"boot", "setup", "agent", "finalize", "scoring"};

    private V1Episodes() {
    }

    /** The prefix of a trace metric among the run's means ({@code metric:num_turns}), so none reads as a reward. */
    static final String METRIC = "metric:";

    /** What one trace contributes to the run's figures. */
    record Scored(String taskKey, double reward, Map<String, Double> metrics, double start, double end) {
    }

    /** The traces of an episode line, scored; refuses a line that is not an episode. */
    static List<Scored> score(JsonNode episode, long lineNo) {
        if (!episode.path("traces").isArray()) {
            throw invalid(lineNo, "has no 'traces' list (is this a verifiers v1 traces.jsonl?)");
        }
        List<Scored> out = new ArrayList<>();
        for (JsonNode trace : episode.path("traces")) {
            if (!trace.isObject()) {
                throw invalid(lineNo, "has a trace that is not a JSON object");
            }
            String key = taskKey(episode, trace);
            if (key == null) {
                throw invalid(lineNo, "has a trace without a task key, hash or idx");
            }
            double reward = 0;
            Map<String, Double> metrics = new LinkedHashMap<>();
            JsonNode rewards = trace.path("rewards");
            if (!rewards.isMissingNode() && !rewards.isNull() && !rewards.isObject()) {
                throw invalid(lineNo, "has 'rewards' that is not an object of {score, weight}");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = rewards.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> r = it.next();
                if (r.getValue().isNull()) {
                    continue; // scoring did not run
                }
                JsonNode score = r.getValue().path("score");
                JsonNode weight = r.getValue().path("weight");
                if (!score.isNumber() || !Double.isFinite(score.asDouble())
                        || !weight.isMissingNode() && !(weight.isNumber() && Double.isFinite(weight.asDouble()))) {
                    throw invalid(lineNo, "has reward '" + r.getKey() + "' without a finite numeric score and weight");
                }
                reward += score.asDouble() * weight.asDouble(1.0);
                metrics.put(r.getKey(), score.asDouble());
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = trace.path("metrics").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> m = it.next();
                if (m.getValue().isNumber() && Double.isFinite(m.getValue().asDouble())) {
                    metrics.put(METRIC + m.getKey(), m.getValue().asDouble()); // a metric, not a reward
                }
            }
            double[] span = span(trace);
            out.add(new Scored(key, reward, metrics, span[0], span[1]));
        }
        return out;
    }

    /** The traces of an episode line as rollouts; {@code index} is the episode's line (from 0). */
    static List<Rollout> rollouts(JsonNode episode, long index) {
        List<Rollout> out = new ArrayList<>();
        for (JsonNode trace : episode.path("traces")) {
            ArrayNode prompt = JsonNodeFactory.instance.arrayNode();
            ArrayNode completion = JsonNodeFactory.instance.arrayNode();
            boolean replied = false;
            for (JsonNode node : trace.path("nodes")) {
                replied |= node.path("sampled").asBoolean(false) || "assistant".equals(node.path("message").path("role").asText());
                (replied ? completion : prompt).add(node.path("message"));
            }
            JsonNode data = task(episode, trace).path("data");
            double reward = 0;
            for (JsonNode r : trace.path("rewards")) {
                if (r.isObject()) {
                    reward += r.path("score").asDouble() * r.path("weight").asDouble(1.0);
                }
            }
            JsonNode metrics = trace.path("metrics").isObject() ? trace.path("metrics") : null;
            JsonNode errors = trace.path("errors").isArray() && !trace.path("errors").isEmpty() ? trace.path("errors")
                    : episode.path("errors").isArray() && !episode.path("errors").isEmpty() ? episode.path("errors") : null;
            out.add(new Rollout(index, JsonNodeFactory.instance.textNode(taskKey(episode, trace)), prompt, completion,
                    data.has("answer") ? data.get("answer") : null, reward, metrics, trace.path("id").asText(null),
                    turns(trace.path("nodes")), trace.path("stop_condition").asText(null),
                    trace.path("rewards").isObject() ? trace.path("rewards") : null, trace.path("ok").asBoolean(false), errors));
        }
        return out;
    }

    /** The messages in order; a tool result is attached to the call it answers (by id) and not repeated as a turn. */
    static List<Turn> turns(JsonNode nodes) {
        Map<String, String> results = new HashMap<>();
        for (JsonNode node : nodes) {
            JsonNode m = node.path("message");
            if ("tool".equals(m.path("role").asText()) && m.path("tool_call_id").isTextual()) {
                results.put(m.path("tool_call_id").asText(), ChatContent.text(m.path("content")));
            }
        }
        java.util.Set<String> called = new java.util.HashSet<>();
        List<Turn> turns = new ArrayList<>();
        for (JsonNode node : nodes) {
            JsonNode m = node.path("message");
            String role = m.path("role").asText("");
            if ("tool".equals(role) && called.contains(m.path("tool_call_id").asText(""))) {
                continue;
            }
            List<ToolCall> calls = new ArrayList<>();
            for (JsonNode c : m.path("tool_calls")) {
                JsonNode fn = c.path("function").isObject() ? c.path("function") : c; // v1 is flat; OpenAI nests it
                String id = c.path("id").asText("");
                called.add(id);
                JsonNode args = fn.path("arguments");
                calls.add(new ToolCall(id, fn.path("name").asText(""), args.isTextual() ? args.asText() : args.toString(),
                        results.get(id)));
            }
            String reasoning = m.path("reasoning_content").isTextual() ? m.path("reasoning_content").asText() : null;
            String toolName = "tool".equals(role) ? m.path("name").asText(null) : null;
            turns.add(new Turn(role, ChatContent.text(m.path("content")), reasoning, toolName,
                    node.path("sampled").asBoolean(false), calls));
        }
        return turns;
    }

    private static JsonNode task(JsonNode episode, JsonNode trace) {
        return trace.path("task").isObject() ? trace.path("task") : episode.path("task");
    }

    private static String taskKey(JsonNode episode, JsonNode trace) {
        for (JsonNode task : new JsonNode[] {trace.path("task"), episode.path("task")}) {
            for (JsonNode c : new JsonNode[] {task.path("key"), task.path("hash"), task.path("data").path("idx")}) {
                if (c.isTextual() && !c.asText().isBlank() || c.isIntegralNumber()) {
                    return c.asText();
                }
            }
        }
        return null;
    }

    /** Start and end (epoch seconds; NaN when the trace has no timing). */
    private static double[] span(JsonNode trace) {
        JsonNode timing = trace.path("timing");
        double start = min(Double.NaN, timing.path("start"));
        double end = Double.NaN;
        for (String s : SPANS) {
            start = min(start, timing.path(s).path("start"));
            end = max(end, timing.path(s).path("end"));
        }
        for (JsonNode call : trace.path("calls")) {
            end = max(end, call.path("time").path("end"));
        }
        for (JsonNode node : trace.path("nodes")) {
            end = max(end, node.path("timestamp"));
        }
        return new double[] {start, end};
    }

    private static double max(double current, JsonNode value) {
        if (!value.isNumber() || value.asDouble() <= 0) {
            return current;
        }
        return Double.isNaN(current) ? value.asDouble() : Math.max(current, value.asDouble());
    }

    private static double min(double current, JsonNode value) {
        if (!value.isNumber() || value.asDouble() <= 0) {
            return current;
        }
        return Double.isNaN(current) ? value.asDouble() : Math.min(current, value.asDouble());
    }

    private static ApiException invalid(long lineNo, String problem) {
        return new ApiException.Invalid(ProblemCode.ROW_INVALID, "Line " + lineNo + " of traces.jsonl " + problem + ".");
    }
}
