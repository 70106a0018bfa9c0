package io.envhub.web.report;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.web.admin.Target;
import io.quarkus.qute.TemplateData;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** One of the user's reports as {@code /me/reports} lists it: what, why, its state and the admin's note. */
@TemplateData
public record MyReport(String id, String target, String href, String reason, String text, String state, String note,
                       OffsetDateTime createdAt) {
    static MyReport of(JsonNode n) {
        String target = n.path("target").asText("");
        Target t = Target.parse(target);
        return new MyReport(n.path("id").asText(""), target, t == null ? null : t.href(),
                ReportReasons.label(n.path("reason").asText("")), n.path("text").asText(""), n.path("state").asText(
                n.path("status").asText("")), note(n), time(n.path("createdAt").asText(null)));
    }

    private static String note(JsonNode n) {
        for (String f : new String[] {"resolutionNote", "note", "dismissNote", "resolution"}) {
            if (n.hasNonNull(f) && n.get(f).isValueNode() && !n.get(f).asText().isBlank()) {
                return n.get(f).asText();
            }
        }
        return "";
    }

    private static OffsetDateTime time(String s) {
        try {
            return s == null ? null : OffsetDateTime.parse(s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
