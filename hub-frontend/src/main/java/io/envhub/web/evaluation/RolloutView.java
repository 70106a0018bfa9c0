package io.envhub.web.evaluation;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.view.ReadmeRenderer;
import io.envhub.web.evaluation.EvalViews.Rollout;
import io.envhub.web.hub.HubViews.Readme;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A rollout as the run page shows it: prompt and completion as messages whose Markdown went through the README
 * renderer (commonmark, then jsoup's allow-list: rollouts are untrusted text), each message cut at
 * {@link #MAX_CHARS} characters.
 *
 * @param index the rollout's position in results.jsonl (from 0)
 * @param exampleId the example it answers
 * @param prompt prompt messages
 * @param completion completion messages
 * @param reward its reward
 */
public record RolloutView(long index, String exampleId, List<Message> prompt, List<Message> completion, String reward) {
    /** Longest message text rendered. */
    static final int MAX_CHARS = 20_000;

    /** One message: its role (escaped by the template) and its sanitised HTML. */
    public record Message(String role, String html, boolean truncated) {
    }

    static RolloutView of(Rollout r, ReadmeRenderer renderer) {
        return new RolloutView(r.index(), r.exampleId() == null ? "" : r.exampleId().asText(), messages(r.prompt(), renderer),
                messages(r.completion(), renderer), String.format(Locale.ROOT, "%.3f", r.reward()));
    }

    /** A string is one message without a role; a list of {role, content} objects is a chat. */
    static List<Message> messages(JsonNode value, ReadmeRenderer renderer) {
        List<Message> out = new ArrayList<>();
        if (value == null || value.isNull() || value.isMissingNode()) {
            return out;
        }
        if (value.isArray()) {
            for (JsonNode m : value) {
                if (m.isObject()) {
                    out.add(message(m.path("role").asText(""), content(m.path("content")), renderer));
                } else {
                    out.add(message("", m.isTextual() ? m.asText() : m.toString(), renderer));
                }
            }
            return out;
        }
        out.add(message("", value.isTextual() ? value.asText() : value.toString(), renderer));
        return out;
    }

    /** Content as text: a string, or the text parts of a list of content parts. */
    private static String content(JsonNode content) {
        if (content.isTextual()) {
            return content.asText();
        }
        if (content.isArray()) {
            StringBuilder text = new StringBuilder();
            for (JsonNode part : content) {
                text.append(part.path("text").isTextual() ? part.path("text").asText() : "[" + part.path("type").asText("part") + "]")
                        .append("\n\n");
            }
            return text.toString().strip();
        }
        return content.isMissingNode() || content.isNull() ? "" : content.toString();
    }

    private static Message message(String role, String text, ReadmeRenderer renderer) {
        boolean cut = text.length() > MAX_CHARS;
        String shown = cut ? text.substring(0, MAX_CHARS) : text;
        return new Message(role.length() > 40 ? role.substring(0, 40) : role,
                renderer.render(new Readme("text/markdown", shown)), cut);
    }
}
