package io.envhub.web.notification;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;
import java.util.List;

/** What the inbox and the notification settings read from hub-backend. */
public final class NotificationViews {
    private NotificationViews() {
    }

    /** One notification. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Item(long id, String kind, String title, String link, OffsetDateTime createdAt, OffsetDateTime readAt) {
        public boolean unread() {
            return readAt == null;
        }
    }

    /** A page of the inbox. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Inbox(List<Item> items, long unread) {
    }

    /** One kind's channels. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Kind(String kind, String label, boolean inbox, boolean email) {
    }

    /** The preferences. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Preferences(boolean emailAvailable, String emailAddress, List<Kind> kinds) {
    }
}
