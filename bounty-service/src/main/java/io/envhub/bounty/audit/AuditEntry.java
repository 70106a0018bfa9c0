package io.envhub.bounty.audit;

import java.time.OffsetDateTime;

/**
 * One state change, as admins read it from {@code GET /api/v1/bounties/{id}/audit}.
 *
 * @param entity {@code bounty}, {@code application} or {@code submission}
 * @param action the action that caused it, e.g. {@code open}, {@code accept}, {@code approve}
 * @param fromStatus state before (null when the thing was created)
 * @param toStatus state after
 */
public record AuditEntry(long id, long bountyId, String entity, long entityId, String action, String actor,
                         String fromStatus, String toStatus, OffsetDateTime at) {
}
