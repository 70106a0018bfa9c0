package io.envhub.bounty.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.event.EventType;
import io.envhub.contract.event.Notice;
import io.envhub.contract.event.NotificationKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * bounty-service's events (bounty.opened, application.*, submission.*, payout.confirmed) and notices, written into
 * {@code bounty.outbox_events} in the transaction of the state change (mandatory); {@link OutboxRelay} hands them to
 * hub-backend, which owns webhook subscriptions, deliveries and notifications.
 */
@ApplicationScoped
public class Outbox {
    private final EntityManager em;
    private final ObjectMapper json;

    public Outbox(EntityManager em, ObjectMapper json) {
        this.em = em;
        this.json = json;
    }

    /** One person to tell: {@code user} (a user name) hears of it as {@code kind}. */
    public static Notice tell(String user, NotificationKind kind, String title, String link) {
        return new Notice(user, kind.wire(), title, link);
    }

    /** Records a webhook event about bounty {@code bountyId} of {@code sponsor}, with the people it notifies. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void emit(EventType type, long bountyId, String sponsor, Object object, Notice... notices) {
        insert(type.wire(), bountyId, sponsor, object, notices);
    }

    /** Records a notice that is no webhook event (e.g. a deadline in 3 days), for notifications only. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void notice(String type, long bountyId, String sponsor, Object object, Notice... notices) {
        insert(type, bountyId, sponsor, object, notices);
    }

    private void insert(String type, long bountyId, String sponsor, Object object, Notice... notices) {
        List<Notice> tell = new ArrayList<>();
        for (Notice n : notices) {
            if (n != null && n.user() != null) {
                tell.add(n);
            }
        }
        em.createNativeQuery("INSERT INTO bounty.outbox_events (id, type, bounty_id, sponsor, object, notify)"
                        + " VALUES (?1, ?2, ?3, ?4, CAST(?5 AS jsonb), CAST(?6 AS jsonb))")
                .setParameter(1, UUID.randomUUID()).setParameter(2, type).setParameter(3, bountyId).setParameter(4, sponsor)
                .setParameter(5, write(object)).setParameter(6, write(tell)).executeUpdate();
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write an event", e);
        }
    }
}
