package io.envhub.web.collection;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;
import java.util.List;

/** What the collection pages read from hub-backend. */
public final class CollectionViews {
    private CollectionViews() {
    }

    /** An item. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Item(String environment, String summary, String note, int position, OffsetDateTime addedAt) {
    }

    /** A collection ({@code items} only in the single view). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Collection(long id, String owner, String title, String description, String visibility, int itemCount,
                             OffsetDateTime createdAt, OffsetDateTime updatedAt, boolean mine, List<Item> items) {
    }
}
