package io.envhub.web.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.qute.TemplateData;
import java.time.OffsetDateTime;

/**
 * One row of a service's append-only audit log.
 *
 * @param service {@code hub} or {@code bounty}
 * @param at when it happened
 * @param actor who did it (a user name, or a service account)
 * @param action e.g. {@code version.quarantine}
 * @param target what it was done to
 * @param reason the reason given, may be empty
 * @param before the state before, as the service wrote it (may be empty)
 * @param after the state after (may be empty)
 * @param requestId the request that did it, may be empty
 */
@TemplateData
public record AuditEntry(String service, OffsetDateTime at, String actor, String action, String target, String reason,
                         String before, String after, String requestId) {

    static AuditEntry of(String service, JsonNode n) {
        return new AuditEntry(service, QueueItem.time(n, "at", "createdAt", "time", "occurredAt"),
                QueueItem.text(n, "actor", "actorName", "username"), QueueItem.text(n, "action"),
                QueueItem.text(n, "target"), QueueItem.text(n, "reason", "note"), json(n.get("before")),
                json(n.get("after")), QueueItem.text(n, "requestId"));
    }

    private static String json(JsonNode v) {
        if (v == null || v.isNull()) {
            return "";
        }
        return v.isValueNode() ? v.asText() : v.toString();
    }
}
