package io.envhub.contract.api;

import com.fasterxml.jackson.databind.JsonNode;

/** The text of a chat message's {@code content} as OpenAI-style clients write it, read the same way by every process. */
public final class ChatContent {
    private ChatContent() {
    }

    /**
     * Content as text: a string, or the text parts of a list of content parts (other parts named in brackets, e.g.
     * {@code [image_url]}); empty for a missing or null content.
     */
    public static String text(JsonNode content) {
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
}
