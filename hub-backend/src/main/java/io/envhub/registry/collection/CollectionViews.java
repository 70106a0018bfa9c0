package io.envhub.registry.collection;

import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of collections. */
public final class CollectionViews {
    private CollectionViews() {
    }

    /** Body of {@code POST /api/v1/collections} and of its PATCH (absent fields stay). */
    public record CollectionBody(String title, String description, String visibility) {
    }

    /** Body of {@code POST .../items} ({@code environment} is {@code owner/name}) and of an item's PATCH. */
    public record ItemBody(String environment, String note, Integer position) {
    }

    /** An item: the environment (owner/name and summary) and the owner's note. */
    public record Item(String environment, String summary, String note, int position, OffsetDateTime addedAt) {
    }

    /** A collection; {@code items} only in the single view. */
    public record Collection(long id, String owner, String title, String description, String visibility, int itemCount,
                             OffsetDateTime createdAt, OffsetDateTime updatedAt, boolean mine, List<Item> items) {
    }
}
