package io.envhub.web.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.api.ChatContent;
import io.envhub.web.evaluation.EvalViews.Rollout;
import io.envhub.web.evaluation.EvalViews.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A rollout as the run page shows it. Messages are shown as the submitter sent them, as plain text that the template
 * escapes: nothing is rendered and nothing is removed, so tags such as {@code <answer>} that format rewards score stay
 * visible (issue 36). Each text is cut at {@link #MAX_CHARS} characters. A verifiers v1 rollout (one trace) also has its
 * turns with their tool calls and results, its stop condition and its rewards per reward function.
 *
 * @param index the rollout's position in results.jsonl (from 0), or a v1 trace's episode line
 * @param exampleId the example (v1: the task key) it answers
 * @param prompt prompt messages
 * @param completion completion messages
 * @param reward its reward
 * @param v1 whether this is a verifiers v1 trace (then {@code turns}, {@code stopCondition}, {@code rewards} are set)
 * @param turns a v1 trace's messages in order
 * @param stopCondition what stopped a v1 trace
 * @param rewards a v1 trace's rewards per function
 * @param errors a v1 trace's errors, one line each
 */
public record RolloutView(long index, String exampleId, List<Message> prompt, List<Message> completion, String reward,
                          boolean v1, List<TurnView> turns, String stopCondition, List<RewardView> rewards,
                          List<String> errors) {
    /** Longest message text shown. */
    static final int MAX_CHARS = 20_000;

    /** One message: its role and its text (both escaped by the template). */
    public record Message(String role, String text, boolean truncated) {
    }

    /** One turn of a v1 trace: role, text, the tool's name on tool turns, tool calls with results. */
    public record TurnView(String role, String name, Message message, String reasoning, List<CallView> toolCalls) {
    }

    /** A tool call: name, arguments as the model wrote them, the tool's result (null when none was recorded). */
    public record CallView(String name, String arguments, String result) {
    }

    /** One reward function's score, weight and weighted value. */
    public record RewardView(String name, String score, String weight, String value) {
    }

    static RolloutView of(Rollout r) {
        List<TurnView> turns = new ArrayList<>();
        if (r.turns() != null) {
            for (Turn t : r.turns()) {
                List<CallView> calls = new ArrayList<>();
                for (EvalViews.ToolCall c : t.toolCalls() == null ? List.<EvalViews.ToolCall>of() : t.toolCalls()) {
                    calls.add(new CallView(c.name(), cut(c.arguments()), c.result() == null ? null : cut(c.result())));
                }
                turns.add(new TurnView(clip(t.role()), t.name(), message(t.role(), t.content()),
                        t.reasoning() == null || t.reasoning().isBlank() ? null : cut(t.reasoning()), calls));
            }
        }
        List<RewardView> rewards = new ArrayList<>();
        if (r.rewards() != null && r.rewards().isObject()) {
            r.rewards().fields().forEachRemaining(f -> {
                JsonNode v = f.getValue();
                rewards.add(v.isObject() ? new RewardView(f.getKey(), score(v.path("score").asDouble()),
                        score(v.path("weight").asDouble(1.0)), score(v.path("score").asDouble() * v.path("weight").asDouble(1.0)))
                        : new RewardView(f.getKey(), "not scored", "—", "—"));
            });
        }
        List<String> errors = new ArrayList<>();
        if (r.errors() != null) {
            for (JsonNode e : r.errors()) {
                errors.add(e.path("type").asText("error") + ": " + cut(e.path("message").asText("")));
            }
        }
        return new RolloutView(r.index(), r.exampleId() == null ? "" : r.exampleId().asText(), messages(r.prompt()),
                messages(r.completion()), score(r.reward()), r.turns() != null, turns, r.stopCondition(), rewards, errors);
    }

    /** A string is one message without a role; a list of {role, content} objects is a chat. */
    static List<Message> messages(JsonNode value) {
        List<Message> out = new ArrayList<>();
        if (value == null || value.isNull() || value.isMissingNode()) {
            return out;
        }
        if (value.isArray()) {
            for (JsonNode m : value) {
                if (m.isObject()) {
                    out.add(message(m.path("role").asText(""), ChatContent.text(m.path("content"))));
                } else {
                    out.add(message("", m.isTextual() ? m.asText() : m.toString()));
                }
            }
            return out;
        }
        out.add(message("", value.isTextual() ? value.asText() : value.toString()));
        return out;
    }

    private static Message message(String role, String text) {
        String t = text == null ? "" : text;
        return new Message(clip(role), cut(t), t.length() > MAX_CHARS);
    }

    private static String cut(String text) {
        return text.length() > MAX_CHARS ? text.substring(0, MAX_CHARS) : text;
    }

    private static String clip(String role) {
        return role == null ? "" : role.length() > 40 ? role.substring(0, 40) : role;
    }

    private static String score(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
