package io.envhub.registry.webhook;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of {@code /api/v1/webhooks}. */
public final class WebhookViews {
    private WebhookViews() {
    }

    /**
     * Body of {@code POST /api/v1/webhooks}.
     *
     * @param url an https URL
     * @param events event types ({@code version.validated}, ...)
     * @param scope {@code {"environment":"owner/name"}}, {@code {"owner":"org"}} or {@code {"bounties":"sponsored"}};
     *     absent: the caller's own environments
     * @param description a note for the owner, or null
     */
    public record CreateRequest(String url, List<String> events, JsonNode scope, String description) {
    }

    /** Body of {@code PATCH /api/v1/webhooks/{id}}: absent fields stay; {@code active: true} re-enables a disabled one. */
    public record UpdateRequest(String url, List<String> events, String description, Boolean active) {
    }

    /** The scope as the API shows it: exactly one field is set. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Scope(String environment, String owner, String bounties) {
    }

    /**
     * A webhook. {@code secret} is shown once: in the answer of its creation and of a rotation (null otherwise).
     */
    public record Webhook(long id, String url, String description, List<String> events, Scope scope, boolean active,
                          String disabledReason, OffsetDateTime disabledAt, int consecutiveFailures, String createdBy,
                          OffsetDateTime createdAt, OffsetDateTime updatedAt, @JsonInclude(JsonInclude.Include.NON_NULL) String secret) {
    }

    /** One HTTP attempt of a delivery. */
    public record Attempt(OffsetDateTime at, Integer statusCode, int durationMs, String error, String responseExcerpt) {
    }

    /**
     * A delivery in the log: its latest attempt, and (in the single view) every attempt and the body sent.
     *
     * @param state {@code pending} (to be sent or retried), {@code delivered} or {@code failed} (given up)
     */
    public record Delivery(long id, String eventId, String type, String state, int attempts, OffsetDateTime createdAt,
                           OffsetDateTime deliveredAt, OffsetDateTime nextAttemptAt, Long redeliveryOf, Attempt last,
                           @JsonInclude(JsonInclude.Include.NON_NULL) List<Attempt> attemptLog,
                           @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode event) {
    }
}
