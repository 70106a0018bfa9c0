package io.envhub.registry.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.event.EventType;
import io.envhub.contract.event.Notice;
import io.envhub.contract.event.RelayedEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * Writes events into {@code hub.events} in the transaction of the change they report (mandatory: an event without its
 * change, or a change without its event, cannot be committed), and keeps events relayed from bounty-service once.
 */
@ApplicationScoped
public class EventOutbox {
    private final EntityManager em;
    private final ObjectMapper json;

    public EventOutbox(EntityManager em, ObjectMapper json) {
        this.em = em;
        this.json = json;
    }

    /** Where an event of the hub belongs: an environment (and its owner), or neither. */
    public record Scope(Long environmentId, Long ownerId) {
        /** No environment: a notice to people only. */
        public static final Scope NONE = new Scope(null, null);
    }

    /** Records a webhook event of the hub; returns its id. */
    @Transactional(Transactional.TxType.MANDATORY)
    public UUID emit(EventType type, Object object, Scope scope, List<Notice> notify) {
        return insert(type.wire(), object, scope, notify);
    }

    /** Records a notice that is no webhook event (e.g. a report handled), for notifications only; returns its id. */
    @Transactional(Transactional.TxType.MANDATORY)
    public UUID notice(String type, Object object, Scope scope, List<Notice> notify) {
        return insert(type, object, scope, notify);
    }

    /** Keeps a relayed bounty-service event once; false when it was kept before (a repeated relay). */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean receive(RelayedEvent e) {
        return em.createNativeQuery("INSERT INTO hub.events (id, type, source, occurred_at, object, sponsor, notify)"
                        + " VALUES (?1, ?2, 'bounty', ?3, CAST(?4 AS jsonb), ?5, CAST(?6 AS jsonb)) ON CONFLICT (id) DO NOTHING")
                .setParameter(1, e.id()).setParameter(2, e.type())
                .setParameter(3, e.occurredAt() == null ? OffsetDateTime.now() : e.occurredAt())
                .setParameter(4, write(e.object())).setParameter(5, e.sponsor())
                .setParameter(6, write(e.notices() == null ? List.of() : e.notices())).executeUpdate() == 1;
    }

    private UUID insert(String type, Object object, Scope scope, List<Notice> notify) {
        UUID id = UUID.randomUUID();
        em.createNativeQuery("INSERT INTO hub.events (id, type, source, occurred_at, object, environment_id, owner_id, notify)"
                        + " VALUES (?1, ?2, 'hub', now(), CAST(?3 AS jsonb), ?4, ?5, CAST(?6 AS jsonb))")
                .setParameter(1, id).setParameter(2, type).setParameter(3, write(object))
                .setParameter(4, scope.environmentId()).setParameter(5, scope.ownerId())
                .setParameter(6, write(notify)).executeUpdate();
        return id;
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write an event", e);
        }
    }
}
