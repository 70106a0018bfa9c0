package io.envhub.bounty.audit;

import java.time.OffsetDateTime;
import java.util.Map;

/**
 * A row of the audit trail in the shape hub-backend answers too ({@code GET /api/v1/admin/audit}), with
 * {@code service = "bounty"}; {@code target} is {@code bounty:<id>}, {@code application:<id>}, {@code submission:<id>},
 * {@code funding:<ledger transaction id>} or {@code payout:<id>} ({@code bountyId} null for a funding),
 * {@code before}/{@code after} are {@code {"status": ...}} ({@code before} null when the thing was created).
 */
public record AuditEvent(long id, String service, OffsetDateTime at, String actor, String action, String target,
                         String reason, Map<String, Object> before, Map<String, Object> after, String requestId, Long bountyId) {
}
