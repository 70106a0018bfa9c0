package io.envhub.registry.notification;

import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of the inbox and the notification preferences. */
public final class NotificationViews {
    private NotificationViews() {
    }

    /** One notification; {@code link} is a path of the web hub. */
    public record Notification(long id, String kind, String title, String link, OffsetDateTime createdAt, OffsetDateTime readAt) {
    }

    /** A page of the inbox, newest first, and the unread count. */
    public record Inbox(List<Notification> items, long unread) {
    }

    /** The unread count (the top bar's badge). */
    public record Unread(long unread) {
    }

    /** One kind's channels. */
    public record KindPreference(String kind, String label, boolean inbox, boolean email) {
    }

    /**
     * The preferences: per kind, inbox and email; whether the hub sends email at all (SMTP configured) and to which
     * address (the account's, from Keycloak).
     */
    public record Preferences(boolean emailAvailable, String emailAddress, List<KindPreference> kinds) {
    }

    /** Body of {@code PUT /api/v1/me/notification-preferences}: the kinds to change. */
    public record PreferencesUpdate(List<KindPreference> kinds) {
    }

    /** What an unsubscribe link turned off. */
    public record Unsubscribed(String user, String kind, String label) {
    }
}
