package io.envhub.web.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.qute.TemplateData;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * One item of the review queue, from either service: a report, a flagged version, a first publication (hub-backend),
 * or a stale application or a submission waiting for review (bounty-service).
 *
 * @param service {@code hub} or {@code bounty}
 * @param kind e.g. {@code report}, {@code flagged-version}, {@code application}, {@code submission}
 * @param id the item's id within its kind (a report's id, a submission's id)
 * @param state e.g. {@code open}, {@code dismissed}, {@code submitted}
 * @param target what it is about: {@code owner/name}, {@code owner/name@version} or {@code bounty:<id>}
 * @param title one line saying what needs a look
 * @param text the longer text (a report's text, a flag's message), may be empty
 * @param who who it comes from (reporter, applicant, publisher), may be empty
 * @param createdAt when it entered the queue
 * @param href the detail page in the console (or the bounty review page) where the actions are
 */
@TemplateData
public record QueueItem(String service, String kind, String id, String state, String target, String title, String text,
                        String who, OffsetDateTime createdAt, String href) {

    /**
     * Reads one item of a service's queue answer ({@code kind, id, state, at, target, title, detail}), tolerating absent
     * fields. Ids are written {@code report:12}, {@code submission:5}: the number is taken from {@code detail} when it
     * names it ({@code reportId}, {@code submissionId}, ...), else from after the colon.
     */
    static QueueItem of(String service, JsonNode n) {
        JsonNode d = n.path("detail").isObject() ? n.get("detail") : n;
        String kind = text(n, "kind", "type");
        String state = text(n, "state", "status");
        String target = text(n, "target");
        String bountyId = text(d, "bountyId");
        if (bountyId.isEmpty() && target.startsWith("bounty:")) {
            bountyId = target.substring("bounty:".length());
        }
        if (target.isEmpty() && !bountyId.isEmpty()) {
            target = "bounty:" + bountyId;
        }
        if (target.isEmpty() && d.hasNonNull("owner") && d.hasNonNull("name")) {
            target = d.get("owner").asText() + "/" + d.get("name").asText()
                    + (d.hasNonNull("version") ? "@" + d.get("version").asText() : "");
        }
        String id = text(d, "reportId", "submissionId", "applicationId");
        if (id.isEmpty()) {
            String raw = text(n, "id");
            id = raw.contains(":") && "report".equals(kind) ? raw.substring(raw.indexOf(':') + 1) : raw;
        }
        String title = text(n, "title", "summary");
        String reason = text(d, "reasonLabel", "reason");
        String body = text(d, "text", "proposal", "statusReason", "quarantineReason", "message", "note");
        String who = text(d, "reporter", "applicant", "submitter", "publisher", "actor", "username");
        String href = "bounty".equals(service) ? bountyHref(kind, bountyId, id) : reviewHref(target, kind, id);
        if (title.isEmpty()) {
            title = reason.isEmpty() ? kind : reason;
        }
        return new QueueItem(service, kind, id, state, target, title, body, who,
                time(n, "at", "createdAt", "submittedAt", "reportedAt"), href);
    }

    /** The console's review page of a hub target; a report's id rides along so the page can show it. */
    static String reviewHref(String target, String kind, String id) {
        if (target.isEmpty()) {
            return "/admin";
        }
        String href = "/admin/review?target=" + URLEncoder.encode(target, StandardCharsets.UTF_8);
        return "report".equals(kind) && !id.isEmpty() ? href + "&report=" + URLEncoder.encode(id, StandardCharsets.UTF_8) : href;
    }

    private static String bountyHref(String kind, String bountyId, String id) {
        if (bountyId.isEmpty()) {
            return "/admin";
        }
        if ("submission".equals(kind) && !id.isEmpty()) {
            return "/sponsor/review/" + bountyId + "/submissions/" + id;
        }
        return "/sponsor/review/" + bountyId;
    }

    /** Whether this is a report still open (the queue offers its dismiss form right there). */
    public boolean openReport() {
        return "report".equals(kind) && ("open".equals(state) || state.isEmpty()) && id.chars().allMatch(Character::isDigit)
                && !id.isEmpty();
    }

    /** The public page of what the item is about (an environment, version, evaluation run or bounty), or null. */
    public String targetHref() {
        Target t = Target.parse(target);
        return t == null ? null : t.href();
    }

    /** The item's label for people: {@code flagged-version} reads "flagged version". */
    public String kindLabel() {
        return kind.replace('-', ' ').replace('_', ' ');
    }

    static String text(JsonNode n, String... names) {
        for (String name : names) {
            JsonNode v = n.get(name);
            if (v != null && !v.isNull() && !v.isContainerNode() && !v.asText().isBlank()) {
                return v.asText();
            }
        }
        return "";
    }

    static OffsetDateTime time(JsonNode n, String... names) {
        String s = text(n, names);
        if (s.isEmpty()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(s);
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
