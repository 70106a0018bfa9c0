package io.envhub.registry.event;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.event.Notice;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * A row of {@code hub.events} as the consumers read it.
 *
 * @param id the event's id
 * @param type its type (an {@code EventType} wire type, or an internal notice type)
 * @param occurredAt when the change happened
 * @param object the object as the API shows it
 * @param environmentId the environment it concerns, or null
 * @param ownerId that environment's owner, or null
 * @param sponsor the sponsor of the bounty it concerns, or null
 * @param notices who to notify
 */
public record StoredEvent(UUID id, String type, OffsetDateTime occurredAt, JsonNode object, Long environmentId,
                          Long ownerId, String sponsor, List<Notice> notices) {
    /** The id as receivers see it: {@code evt_} and the UUID. */
    public String publicId() {
        return publicId(id);
    }

    /** {@code evt_} and the UUID. */
    public static String publicId(UUID id) {
        return "evt_" + id;
    }
}
