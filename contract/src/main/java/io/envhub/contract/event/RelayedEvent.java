package io.envhub.contract.event;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * An event bounty-service hands to hub-backend ({@code POST /internal/v1/events}, a list of them): a row of its outbox,
 * relayed at least once; hub-backend keeps each id once.
 *
 * @param id the event's id (the outbox row's)
 * @param type an {@link EventType} of source {@link EventType.Source#BOUNTY}, or an internal notice type
 * @param occurredAt when the change happened
 * @param bountyId the bounty it concerns
 * @param sponsor the bounty's sponsor (user name): webhooks of scope "bounties I sponsor" match on it
 * @param object the object as the bounty API shows it
 * @param notices who to notify
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RelayedEvent(UUID id, String type, OffsetDateTime occurredAt, Long bountyId, String sponsor, JsonNode object,
                           List<Notice> notices) {
}
