package io.envhub.registry.webhook;

import io.envhub.registry.event.EventConsumer;
import io.envhub.registry.event.StoredEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

/**
 * One delivery per event and matching active webhook (one that existed when the event happened), written in the
 * dispatcher's transaction: webhooks subscribed to
 * the event's type in its scope (the environment, the environment's owner, or the bounty's sponsor).
 */
@ApplicationScoped
public class WebhookFanOut implements EventConsumer {
    private final EntityManager em;

    public WebhookFanOut(EntityManager em) {
        this.em = em;
    }

    @Override
    public void consume(StoredEvent event) {
        em.createNativeQuery("""
                INSERT INTO hub.webhook_deliveries (webhook_id, event_id)
                SELECT w.id, ?1 FROM hub.webhooks w
                 WHERE w.active AND ?2 = ANY (w.events) AND w.created_at <= ?6
                   AND ((w.scope_kind = 'environment' AND w.environment_id = ?3)
                     OR (w.scope_kind = 'owner' AND w.owner_id = ?4)
                     OR (w.scope_kind = 'bounties' AND lower(w.sponsor) = lower(CAST(?5 AS text))))
                ON CONFLICT DO NOTHING""")
                .setParameter(1, event.id()).setParameter(2, event.type())
                .setParameter(3, event.environmentId() == null ? -1L : event.environmentId())
                .setParameter(4, event.ownerId() == null ? -1L : event.ownerId())
                .setParameter(5, event.sponsor()).setParameter(6, event.occurredAt()).executeUpdate();
    }
}
