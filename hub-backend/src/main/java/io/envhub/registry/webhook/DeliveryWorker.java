package io.envhub.registry.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.event.Notice;
import io.envhub.contract.event.NotificationKind;
import io.envhub.contract.event.WebhookEvent;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.event.EventOutbox;
import io.envhub.registry.event.People;
import io.envhub.registry.event.StoredEvent;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.jboss.logging.Logger;

/**
 * Sends due deliveries: claims them with {@code FOR UPDATE SKIP LOCKED} and a lease (its own transaction), sends each
 * outside any transaction, then records the attempt (another transaction, only while it still holds the lease). A
 * failure is retried with exponential backoff and jitter ({@link WebhookConfig#retryBase()}, doubling, at most a day)
 * up to {@link WebhookConfig#maxAttempts()}; a webhook whose attempts failed {@link WebhookConfig#disableAfter()} times
 * in a row is disabled and its owner told. A crash between claim and record leaves the lease to expire: the delivery
 * is sent again (at least once).
 */
@ApplicationScoped
public class DeliveryWorker {
    private static final Logger LOG = Logger.getLogger(DeliveryWorker.class);
    private static final String WORKER = "hub-" + UUID.randomUUID().toString().substring(0, 8);

    private final EntityManager em;
    private final ObjectMapper json;
    private final WebhookSender sender;
    private final WebhookConfig config;
    private final EventOutbox outbox;
    private final People people;

    public DeliveryWorker(EntityManager em, ObjectMapper json, WebhookSender sender, WebhookConfig config, EventOutbox outbox,
                          People people) {
        this.em = em;
        this.json = json;
        this.sender = sender;
        this.config = config;
        this.outbox = outbox;
        this.people = people;
    }

    /** A claimed delivery with what sending it needs. */
    record Claimed(long id, long webhookId, int attempt, String url, List<String> secrets, String type, String eventId,
                   String body) {
    }

    @Scheduled(every = "${envhub.webhooks.poll:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void tick() {
        if (config.workerEnabled()) {
            deliverDue();
        }
    }

    /** Claims and sends due deliveries (one round); returns how many were attempted. */
    public int deliverDue() {
        List<Claimed> claimed = QuarkusTransaction.requiringNew().call(this::claim);
        for (Claimed c : claimed) {
            WebhookSender.Result result = sender.send(c.url(), c.body(), c.secrets(), c.type(), c.eventId(), c.id());
            try {
                QuarkusTransaction.requiringNew().run(() -> record(c, result));
            } catch (RuntimeException e) {
                LOG.warnf(e, "could not record delivery %d; its lease will expire and it is sent again", c.id());
            }
        }
        return claimed.size();
    }

    private List<Claimed> claim() {
        List<Row> rows = Row.list(em.createNativeQuery("""
                UPDATE hub.webhook_deliveries d SET lease_owner = ?1,
                       lease_expires_at = now() + make_interval(secs => ?2), attempts = attempts + 1
                 WHERE d.id IN (SELECT d2.id FROM hub.webhook_deliveries d2 JOIN hub.webhooks w ON w.id = d2.webhook_id
                                 WHERE d2.state = 'pending' AND d2.next_attempt_at <= now() AND w.active
                                   AND (d2.lease_expires_at IS NULL OR d2.lease_expires_at < now())
                                 ORDER BY d2.next_attempt_at LIMIT ?3 FOR UPDATE OF d2 SKIP LOCKED)
                RETURNING d.id, d.webhook_id, d.attempts, d.event_id""", Tuple.class)
                .setParameter(1, WORKER).setParameter(2, (double) config.lease().toSeconds()).setParameter(3, config.batch()));
        List<Claimed> out = new ArrayList<>();
        for (Row r : rows) {
            Row w = Row.single(em.createNativeQuery("""
                    SELECT w.url, w.secret, CASE WHEN w.previous_secret_until > now() THEN w.previous_secret END AS previous,
                           e.type, e.occurred_at, CAST(e.object AS text) AS object
                      FROM hub.webhooks w, hub.events e WHERE w.id = ?1 AND e.id = ?2""", Tuple.class)
                    .setParameter(1, r.longValue("webhook_id")).setParameter(2, r.get("event_id")));
            List<String> secrets = new ArrayList<>(List.of(w.string("secret")));
            if (w.string("previous") != null) {
                secrets.add(w.string("previous"));
            }
            String eventId = StoredEvent.publicId((UUID) r.get("event_id"));
            out.add(new Claimed(r.longValue("id"), r.longValue("webhook_id"), r.intValue("attempts"), w.string("url"), secrets,
                    w.string("type"), eventId, body(eventId, w)));
        }
        return out;
    }

    private String body(String eventId, Row w) {
        try {
            return json.writeValueAsString(new WebhookEvent(eventId, w.string("type"), w.time("occurred_at"),
                    json.readTree(w.string("object"))));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable event " + eventId, e);
        }
    }

    private void record(Claimed c, WebhookSender.Result r) {
        int held = em.createNativeQuery("SELECT 1 FROM hub.webhook_deliveries WHERE id = ?1 AND lease_owner = ?2"
                + " AND state = 'pending' FOR UPDATE").setParameter(1, c.id()).setParameter(2, WORKER).getResultList().size();
        if (held == 0) {
            return; // the lease expired and another instance took it over
        }
        em.createNativeQuery("INSERT INTO hub.webhook_attempts (delivery_id, status_code, duration_ms, error, response_excerpt)"
                        + " VALUES (?1, ?2, ?3, ?4, ?5)")
                .setParameter(1, c.id()).setParameter(2, r.statusCode()).setParameter(3, (int) Math.min(r.durationMs(), Integer.MAX_VALUE))
                .setParameter(4, cap(r.error(), 1000)).setParameter(5, cap(r.excerpt(), 1024)).executeUpdate();
        if (r.delivered()) {
            em.createNativeQuery("UPDATE hub.webhook_deliveries SET state = 'delivered', delivered_at = now(), lease_owner = NULL,"
                    + " lease_expires_at = NULL WHERE id = ?1").setParameter(1, c.id()).executeUpdate();
            em.createNativeQuery("UPDATE hub.webhooks SET consecutive_failures = 0 WHERE id = ?1 AND consecutive_failures <> 0")
                    .setParameter(1, c.webhookId()).executeUpdate();
            return;
        }
        boolean last = c.attempt() >= config.maxAttempts();
        long waitMs = Math.min(config.retryBase().toMillis() << Math.min(c.attempt() - 1, 20), 86_400_000L);
        waitMs += ThreadLocalRandom.current().nextLong(Math.max(1, waitMs / 5));
        em.createNativeQuery("UPDATE hub.webhook_deliveries SET state = ?2, lease_owner = NULL, lease_expires_at = NULL,"
                        + " next_attempt_at = now() + make_interval(secs => ?3) WHERE id = ?1")
                .setParameter(1, c.id()).setParameter(2, last ? "failed" : "pending").setParameter(3, waitMs / 1000.0)
                .executeUpdate();
        List<?> disabled = em.createNativeQuery("""
                UPDATE hub.webhooks SET consecutive_failures = consecutive_failures + 1,
                       active = CASE WHEN consecutive_failures + 1 >= ?2 THEN false ELSE active END,
                       disabled_at = CASE WHEN consecutive_failures + 1 >= ?2 AND active THEN now() ELSE disabled_at END,
                       disabled_reason = CASE WHEN consecutive_failures + 1 >= ?2 AND active
                           THEN 'disabled after ' || (consecutive_failures + 1) || ' consecutive failed deliveries'
                           ELSE disabled_reason END
                 WHERE id = ?1
                RETURNING CASE WHEN NOT active AND disabled_at = now() THEN owner_id END, url""")
                .setParameter(1, c.webhookId()).setParameter(2, config.disableAfter()).getResultList();
        if (!disabled.isEmpty() && ((Object[]) disabled.get(0))[0] != null) {
            Object[] row = (Object[]) disabled.get(0);
            tellOwner(c.webhookId(), ((Number) row[0]).longValue(), (String) row[1], r);
        }
    }

    private void tellOwner(long webhookId, long ownerId, String url, WebhookSender.Result last) {
        LOG.infof("webhook %d disabled after %d consecutive failures", webhookId, config.disableAfter());
        String title = "Webhook " + url + " was disabled after " + config.disableAfter() + " failed deliveries in a row";
        List<Notice> notify = people.managersOf(ownerId).stream()
                .map(u -> new Notice(u, NotificationKind.WEBHOOK_DISABLED.wire(), title, "/settings/webhooks/" + webhookId)).toList();
        outbox.notice("webhook.disabled", Map.of("webhook", webhookId, "url", url,
                "lastError", last.error() == null ? "" : last.error()), EventOutbox.Scope.NONE, notify);
    }

    private static String cap(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }
}
