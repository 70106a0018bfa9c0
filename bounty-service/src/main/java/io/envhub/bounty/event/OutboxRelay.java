package io.envhub.bounty.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.bounty.BountyConfig;
import io.envhub.contract.event.Notice;
import io.envhub.contract.event.RelayedEvent;
import io.envhub.contract.http.Authorization;
import io.envhub.contract.http.JsonHttp;
import io.envhub.kit.auth.ServiceAccount;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Hands the outbox to hub-backend ({@code POST /internal/v1/events}, this service's account): claims unrelayed rows
 * with {@code FOR UPDATE SKIP LOCKED} (instances share the work), posts them as one list and marks them relayed in
 * the same transaction once hub-backend answered 200. Hub-backend keeps each id once, so a relay repeated after a lost
 * answer or a crash is harmless (at least once, never lost: the rows stay until relayed). A refusal waits longer each
 * time (doubling, at most 10 minutes).
 */
@ApplicationScoped
public class OutboxRelay {
    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);
    private static final TypeReference<List<Notice>> NOTICES = new TypeReference<>() {
    };
    private static final int BATCH = 50;

    private final EntityManager em;
    private final ObjectMapper json;
    private final JsonHttp hub;

    public OutboxRelay(EntityManager em, ObjectMapper json, ServiceAccount account, BountyConfig config) {
        this.em = em;
        this.json = json;
        this.hub = new JsonHttp(HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build(), json, config.hubUrl(),
                "envhub-bounty-service/0.1").withAuth(Authorization.bearer(account::accessToken))
                .withTimeout(Duration.ofSeconds(15));
    }

    @Scheduled(every = "${envhub.bounty.jobs.relay-every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void tick() {
        try {
            relay();
        } catch (RuntimeException e) {
            LOG.warnf("the event relay to hub-backend failed this round: %s", e.toString());
        }
    }

    /** Relays one batch; returns how many events hub-backend took. */
    public int relay() {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Object[]> rows = em.createNativeQuery("""
                    SELECT id, type, occurred_at, bounty_id, sponsor, CAST(object AS text), CAST(notify AS text)
                      FROM bounty.outbox_events WHERE relayed_at IS NULL AND next_attempt_at <= now()
                     ORDER BY occurred_at LIMIT ?1 FOR UPDATE SKIP LOCKED""").setParameter(1, BATCH).getResultList();
            if (rows.isEmpty()) {
                return 0;
            }
            List<RelayedEvent> events = new ArrayList<>();
            List<UUID> ids = new ArrayList<>();
            for (Object[] r : rows) {
                UUID id = (UUID) r[0];
                ids.add(id);
                events.add(new RelayedEvent(id, (String) r[1], time(r[2]), r[3] == null ? null : ((Number) r[3]).longValue(),
                        (String) r[4], json.readTree((String) r[5]), json.readValue((String) r[6], NOTICES)));
            }
            String error = post(events);
            for (UUID id : ids) {
                if (error == null) {
                    em.createNativeQuery("UPDATE bounty.outbox_events SET relayed_at = now(), last_error = NULL WHERE id = ?1")
                            .setParameter(1, id).executeUpdate();
                } else {
                    em.createNativeQuery("UPDATE bounty.outbox_events SET attempts = attempts + 1, last_error = ?2,"
                                    + " next_attempt_at = now() + make_interval(secs => least(600, power(2, attempts)))"
                                    + " WHERE id = ?1")
                            .setParameter(1, id).setParameter(2, error).executeUpdate();
                }
            }
            return error == null ? ids.size() : 0;
        });
    }

    private String post(List<RelayedEvent> events) throws JsonProcessingException {
        HttpRequest.Builder request = hub.request("/internal/v1/events").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(events)));
        try {
            HttpResponse<String> response = hub.send(request, true, true, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() == 200) {
                return null;
            }
            LOG.warnf("hub-backend answered %d to the event relay", response.statusCode());
            return "hub-backend answered " + response.statusCode();
        } catch (IOException | RuntimeException e) {
            LOG.warnf("hub-backend unreachable for the event relay: %s", e.toString());
            return "hub-backend unreachable: " + e.getClass().getSimpleName();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static OffsetDateTime time(Object value) {
        if (value instanceof OffsetDateTime t) {
            return t;
        }
        if (value instanceof java.time.Instant i) {
            return i.atOffset(java.time.ZoneOffset.UTC);
        }
        if (value instanceof java.sql.Timestamp ts) {
            return ts.toInstant().atOffset(java.time.ZoneOffset.UTC);
        }
        return OffsetDateTime.now();
    }
}
