package io.envhub.contract.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;

/**
 * The body of every webhook delivery. Receivers de-duplicate by {@code id}: delivery is at least once, and a
 * redelivery carries the same id.
 *
 * @param id the event's id ({@code evt_} and a UUID)
 * @param type the event type ({@link EventType#wire()})
 * @param time when the change happened
 * @param object the object as the API shows it (a version, a bounty, an application, a submission, a payout, ...)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WebhookEvent(String id, String type, OffsetDateTime time, JsonNode object) {
}
