package io.envhub.registry.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.event.Notice;
import io.envhub.kit.persistence.Row;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Hands each event of {@code hub.events} once to every {@link EventConsumer} (webhook deliveries, notifications) and
 * marks it dispatched, all in one transaction per event, claimed with {@code FOR UPDATE SKIP LOCKED} so that several
 * instances share the work. An event whose consumers fail is tried again with backoff and set aside (with its error)
 * after {@link EventConfig#maxAttempts()}.
 */
@ApplicationScoped
public class EventDispatcher {
    private static final Logger LOG = Logger.getLogger(EventDispatcher.class);
    private static final TypeReference<List<Notice>> NOTICES = new TypeReference<>() {
    };

    private final EntityManager em;
    private final ObjectMapper json;
    private final Instance<EventConsumer> consumers;
    private final EventConfig config;

    public EventDispatcher(EntityManager em, ObjectMapper json, Instance<EventConsumer> consumers, EventConfig config) {
        this.em = em;
        this.json = json;
        this.consumers = consumers;
        this.config = config;
    }

    @Scheduled(every = "${envhub.events.dispatch-every:1s}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void tick() {
        dispatchDue();
    }

    /** Dispatches due events until none is left (or a batch is done); returns how many were dispatched. */
    public int dispatchDue() {
        int done = 0;
        for (int i = 0; i < config.batch(); i++) {
            UUID[] claimed = new UUID[1];
            try {
                Boolean one = QuarkusTransaction.requiringNew().call(() -> dispatchOne(claimed));
                if (!one) {
                    break;
                }
                done++;
            } catch (RuntimeException e) {
                LOG.warnf(e, "event %s could not be dispatched; it is tried again later", claimed[0]);
                if (claimed[0] != null) {
                    setBack(claimed[0]);
                }
            }
        }
        return done;
    }

    private boolean dispatchOne(UUID[] claimedId) {
        Optional<Row> claimed = Row.first(em.createNativeQuery("""
                SELECT id, type, occurred_at, CAST(object AS text) AS object, environment_id, owner_id, sponsor,
                       CAST(notify AS text) AS notify
                  FROM hub.events WHERE dispatched_at IS NULL AND next_dispatch_at <= now()
                 ORDER BY next_dispatch_at, received_at LIMIT 1 FOR UPDATE SKIP LOCKED""", Tuple.class));
        if (claimed.isEmpty()) {
            return false;
        }
        Row r = claimed.get();
        UUID id = (UUID) r.get("id");
        claimedId[0] = id;
        StoredEvent event;
        try {
            event = new StoredEvent(id, r.string("type"), r.time("occurred_at"), json.readTree(r.string("object")),
                    r.longOrNull("environment_id"), r.longOrNull("owner_id"), r.string("sponsor"),
                    json.readValue(r.string("notify"), NOTICES));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("event " + id + " is unreadable", e);
        }
        List<EventConsumer> all = new ArrayList<>();
        consumers.forEach(all::add);
        for (EventConsumer consumer : all) {
            consumer.consume(event);
        }
        em.createNativeQuery("UPDATE hub.events SET dispatched_at = now(), dispatch_error = NULL WHERE id = ?1")
                .setParameter(1, id).executeUpdate();
        return true;
    }

    private void setBack(UUID id) {
        try {
            QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("""
                    UPDATE hub.events SET dispatch_attempts = dispatch_attempts + 1,
                           next_dispatch_at = now() + make_interval(secs => power(2, least(dispatch_attempts, 12))),
                           dispatch_error = 'a consumer failed; see the backend log',
                           dispatched_at = CASE WHEN dispatch_attempts + 1 >= ?2 THEN now() END
                     WHERE id = ?1""").setParameter(1, id).setParameter(2, config.maxAttempts()).executeUpdate());
        } catch (RuntimeException e) {
            LOG.warnf(e, "could not set event %s back", id);
        }
    }
}
