package io.envhub.bounty.admin;

import java.time.OffsetDateTime;
import java.util.Map;

/**
 * An item of the admin review queue in hub-backend's shape ({@code kind} application or submission, {@code id}
 * {@code application:<id>} / {@code submission:<id>}, {@code target} {@code bounty:<id>}, {@code state} open).
 */
public record AdminQueueItem(String kind, String id, String state, OffsetDateTime at, String target, String title,
                             Map<String, Object> detail) {
}
