package io.envhub.registry.moderation;

import java.time.OffsetDateTime;
import java.util.Map;

/**
 * One item of the admin review queue ({@code GET /api/v1/admin/queue}); bounty-service answers the same shape for its
 * items, and the console merges both lists by {@code at}.
 *
 * @param kind   {@code report}, {@code flagged-version}, {@code first-publication} (hub); {@code application},
 *               {@code submission} (bounty-service)
 * @param id     unique across kinds and services, e.g. {@code report:12}, {@code version:alice/env@1.0}
 * @param state  {@code open} (needs an admin) or {@code closed}
 * @param at     when the item arrived (report filed, version published, ...); the list is newest first
 * @param target what it is about: {@code owner/name}, {@code owner/name@version} or {@code bounty:<id>}
 * @param title  one line for the list
 * @param detail kind-specific fields (see the README's admin section)
 */
public record QueueItem(String kind, String id, String state, OffsetDateTime at, String target, String title,
                        Map<String, Object> detail) {
    public static final String OPEN = "open";
    public static final String CLOSED = "closed";
}
