package io.envhub.web.webhook;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;
import java.util.List;

/** What the webhook pages read from hub-backend's {@code /api/v1/webhooks}. */
public final class WebhookViews {
    private WebhookViews() {
    }

    /** The scope: one field set. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Scope(String environment, String owner, String bounties) {
        /** How the pages say it. */
        public String label() {
            return environment != null ? "environment " + environment : bounties != null ? "bounties you sponsor"
                    : "every environment of " + owner;
        }
    }

    /** A webhook ({@code secret} only in the answers of creation and rotation). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Webhook(long id, String url, String description, List<String> events, Scope scope, boolean active,
                          String disabledReason, OffsetDateTime disabledAt, int consecutiveFailures, String createdBy,
                          OffsetDateTime createdAt, String secret) {
    }

    /** One HTTP attempt. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Attempt(OffsetDateTime at, Integer statusCode, int durationMs, String error, String responseExcerpt) {
    }

    /** A delivery in the log. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Delivery(long id, String eventId, String type, String state, int attempts, OffsetDateTime createdAt,
                           OffsetDateTime deliveredAt, OffsetDateTime nextAttemptAt, Long redeliveryOf, Attempt last) {
    }

    /** An event type and the service that sends it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record EventType(String type, String source) {
    }
}
