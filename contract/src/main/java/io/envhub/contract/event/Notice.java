package io.envhub.contract.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Who an event notifies, and how the notification reads.
 *
 * @param user the user's name, or {@link #ADMINS} for every admin
 * @param kind the {@link NotificationKind#wire()} kind (preferences and unsubscribe links are per kind)
 * @param title one line for the inbox and the email's subject
 * @param link the web path it points to (e.g. {@code /bounties/12}), or null
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Notice(String user, String kind, String title, String link) {
    /** The recipient name that stands for every admin of the hub. */
    public static final String ADMINS = "@admins";
}
