package io.envhub.registry.audit;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/**
 * One row of the audit trail as the API shows it ({@code GET /api/v1/admin/audit}); bounty-service answers the same
 * shape with {@code service = "bounty"}.
 *
 * @param service  {@code hub}
 * @param actor    username of who acted
 * @param action   e.g. {@code version.quarantine}, {@code version.unquarantine}, {@code environment.unlist},
 *                 {@code environment.relist}, {@code version.revalidate}, {@code version.override-status},
 *                 {@code user.suspend}, {@code user.unsuspend}, {@code user.grant-role}, {@code user.remove-role},
 *                 {@code report.dismiss}
 * @param target   {@code owner/name}, {@code owner/name@version}, {@code user:<name>} or {@code report:<id>}
 * @param before   the relevant state before (JSON object), or null
 * @param after    the relevant state after (JSON object), or null
 */
public record AuditEvent(long id, String service, OffsetDateTime at, String actor, String action, String target,
                         String reason, JsonNode before, JsonNode after, String requestId) {
}
