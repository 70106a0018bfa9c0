package io.envhub.registry.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.event.EventType;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.event.EventOutbox;
import io.envhub.registry.event.StoredEvent;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.envhub.registry.webhook.WebhookViews.Attempt;
import io.envhub.registry.webhook.WebhookViews.CreateRequest;
import io.envhub.registry.webhook.WebhookViews.Delivery;
import io.envhub.registry.webhook.WebhookViews.Scope;
import io.envhub.registry.webhook.WebhookViews.UpdateRequest;
import io.envhub.registry.webhook.WebhookViews.Webhook;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import io.envhub.registry.persistence.RetryOnDeadlock;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Webhook subscriptions: who may create and manage them (the owner's publishers: the user, an organisation's owners and
 * maintainers; admins), which events fit which scope, the secret (shown once, rotatable), the delivery log, redelivery
 * and test pings. Webhooks the caller may not manage are 404.
 */
@ApplicationScoped
public class WebhookService {
    /** Most deliveries one log page shows. */
    public static final int MAX_LOG = 100;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String COLUMNS = "w.id, w.url, w.description, array_to_string(w.events, ',') AS events, w.scope_kind,"
            + " (SELECT o.name || '/' || e.name FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id"
            + " WHERE e.id = w.environment_id) AS environment, ow.name AS owner, w.sponsor, w.active, w.disabled_reason,"
            + " w.disabled_at, w.consecutive_failures, cb.name AS created_by, w.created_at, w.updated_at, w.owner_id"
            + " FROM hub.webhooks w JOIN hub.owners ow ON ow.id = w.owner_id LEFT JOIN hub.owners cb ON cb.id = w.created_by";

    private final EntityManager em;
    private final AccessPolicy access;
    private final Caller caller;
    private final EnvironmentLookup environments;
    private final UrlGuard guard;
    private final EventOutbox outbox;
    private final WebhookConfig config;
    private final ObjectMapper json;

    public WebhookService(EntityManager em, AccessPolicy access, Caller caller, EnvironmentLookup environments, UrlGuard guard,
                          EventOutbox outbox, WebhookConfig config, ObjectMapper json) {
        this.em = em;
        this.access = access;
        this.caller = caller;
        this.environments = environments;
        this.guard = guard;
        this.outbox = outbox;
        this.config = config;
        this.json = json;
    }

    /** Creates a webhook; the answer holds its secret, the only time it is shown. */
    @Transactional
    public Webhook create(CreateRequest req) {
        Owner me = access.requireScope(Caller.PUBLISH);
        if (req == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "Send {\"url\", \"events\", \"scope\"}.");
        }
        String url = guard.check(req.url()).toString();
        JsonNode scope = req.scope() == null || req.scope().isNull() ? json.createObjectNode().put("owner", me.name) : req.scope();
        if (!scope.isObject() || scope.size() != 1) {
            throw invalidScope();
        }
        Long ownerId;
        Long environmentId = null;
        String sponsor = null;
        String kind;
        if (scope.hasNonNull("environment")) {
            String[] parts = scope.get("environment").asText().split("/", -1);
            if (parts.length != 2) {
                throw invalidScope();
            }
            Environment env = environments.readable(parts[0], parts[1]);
            access.requireManage(env);
            kind = "environment";
            ownerId = env.owner.id;
            environmentId = env.id;
        } else if (scope.hasNonNull("owner")) {
            String name = scope.get("owner").asText();
            Owner owner = Owner.findByName(name).orElseThrow(() -> new ApiException.NotFound("Owner '" + name + "' does not exist."));
            access.requirePublish(owner);
            kind = "owner";
            ownerId = owner.id;
        } else if (scope.hasNonNull("bounties") && "sponsored".equals(scope.get("bounties").asText())) {
            kind = "bounties";
            ownerId = me.id;
            sponsor = me.name;
        } else {
            throw invalidScope();
        }
        List<String> events = events(req.events(), kind);
        long count = ((Number) em.createNativeQuery("SELECT count(*) FROM hub.webhooks WHERE owner_id = ?1")
                .setParameter(1, ownerId).getSingleResult()).longValue();
        if (count >= config.maxPerOwner()) {
            throw new ApiException.Conflict(ProblemCode.INVALID_SCOPE, "An owner has at most " + config.maxPerOwner()
                    + " webhooks; delete one first.");
        }
        String secret = newSecret();
        Number id = (Number) em.createNativeQuery("""
                INSERT INTO hub.webhooks (owner_id, created_by, url, description, events, scope_kind, environment_id, sponsor, secret)
                VALUES (?1, ?2, ?3, ?4, CAST(?5 AS text[]), ?6, ?7, ?8, ?9) RETURNING id""")
                .setParameter(1, ownerId).setParameter(2, me.id).setParameter(3, url).setParameter(4, description(req.description()))
                .setParameter(5, "{" + String.join(",", events) + "}").setParameter(6, kind).setParameter(7, environmentId)
                .setParameter(8, sponsor).setParameter(9, secret).getSingleResult();
        return withSecret(find(id.longValue()), secret);
    }

    /** The webhooks the caller may manage, newest first. */
    @Transactional
    public List<Webhook> mine() {
        Owner me = access.requireScope(Caller.READ);
        List<Webhook> out = new ArrayList<>();
        for (Row r : Row.list(em.createNativeQuery("SELECT " + COLUMNS + """
                 WHERE w.owner_id = ?1 OR w.owner_id IN (SELECT org_id FROM hub.org_members
                                                          WHERE user_id = ?1 AND role IN ('owner', 'maintainer'))
                 ORDER BY w.id DESC""", Tuple.class).setParameter(1, me.id))) {
            out.add(view(r));
        }
        return out;
    }

    /** One webhook the caller may manage. */
    @Transactional
    public Webhook get(long id) {
        access.requireScope(Caller.READ);
        return managed(id);
    }

    /** Changes URL, events, description, or re-enables it (its failure count starts again). */
    @Transactional
    public Webhook update(long id, UpdateRequest req) {
        access.requireScope(Caller.PUBLISH);
        Webhook w = managed(id);
        if (req == null) {
            return w;
        }
        if (req.url() != null) {
            em.createNativeQuery("UPDATE hub.webhooks SET url = ?2, updated_at = now() WHERE id = ?1").setParameter(1, id)
                    .setParameter(2, guard.check(req.url()).toString()).executeUpdate();
        }
        if (req.events() != null) {
            String kind = w.scope().environment() != null ? "environment" : w.scope().bounties() != null ? "bounties" : "owner";
            em.createNativeQuery("UPDATE hub.webhooks SET events = CAST(?2 AS text[]), updated_at = now() WHERE id = ?1")
                    .setParameter(1, id).setParameter(2, "{" + String.join(",", events(req.events(), kind)) + "}").executeUpdate();
        }
        if (req.description() != null) {
            em.createNativeQuery("UPDATE hub.webhooks SET description = ?2, updated_at = now() WHERE id = ?1").setParameter(1, id)
                    .setParameter(2, description(req.description())).executeUpdate();
        }
        if (req.active() != null) {
            em.createNativeQuery("UPDATE hub.webhooks SET active = ?2, updated_at = now(),"
                    + " consecutive_failures = CASE WHEN ?2 THEN 0 ELSE consecutive_failures END,"
                    + " disabled_reason = CASE WHEN ?2 THEN NULL ELSE 'disabled by ' || ?3 END,"
                    + " disabled_at = CASE WHEN ?2 THEN NULL ELSE now() END WHERE id = ?1")
                    .setParameter(1, id).setParameter(2, req.active()).setParameter(3, caller.username()).executeUpdate();
        }
        return find(id);
    }

    /** Deletes a webhook with its delivery log (its deliveries locked first, in the delivery worker's order). */
    @Transactional
    @RetryOnDeadlock
    public void delete(long id) {
        access.requireScope(Caller.PUBLISH);
        managed(id);
        em.createNativeQuery("SELECT id FROM hub.webhook_deliveries WHERE webhook_id = ?1 ORDER BY id FOR UPDATE")
                .setParameter(1, id).getResultList();
        em.createNativeQuery("DELETE FROM hub.webhooks WHERE id = ?1").setParameter(1, id).executeUpdate();
    }

    /** A new secret, shown in this answer only; the previous one still signs for {@link WebhookConfig#previousSecretGrace()}. */
    @Transactional
    public Webhook rotateSecret(long id) {
        access.requireScope(Caller.PUBLISH);
        managed(id);
        String secret = newSecret();
        em.createNativeQuery("UPDATE hub.webhooks SET previous_secret = secret, secret = ?2,"
                        + " previous_secret_until = now() + make_interval(secs => ?3), updated_at = now() WHERE id = ?1")
                .setParameter(1, id).setParameter(2, secret).setParameter(3, (double) config.previousSecretGrace().toSeconds())
                .executeUpdate();
        return withSecret(find(id), secret);
    }

    /** The delivery log, newest first. */
    @Transactional
    public List<Delivery> deliveries(long id, int limit) {
        access.requireScope(Caller.READ);
        managed(id);
        int n = limit <= 0 ? 50 : Math.min(limit, MAX_LOG);
        List<Delivery> out = new ArrayList<>();
        for (Row r : Row.list(em.createNativeQuery(DELIVERY + " WHERE d.webhook_id = ?1 ORDER BY d.id DESC LIMIT ?2", Tuple.class)
                .setParameter(1, id).setParameter(2, n))) {
            out.add(delivery(r, false));
        }
        return out;
    }

    /** One delivery with every attempt and the event it carries. */
    @Transactional
    public Delivery delivery(long id, long deliveryId) {
        access.requireScope(Caller.READ);
        managed(id);
        Row r = Row.first(em.createNativeQuery(DELIVERY + " WHERE d.webhook_id = ?1 AND d.id = ?2", Tuple.class)
                .setParameter(1, id).setParameter(2, deliveryId))
                .orElseThrow(() -> new ApiException.NotFound("Delivery " + deliveryId + " of webhook " + id + " does not exist."));
        return delivery(r, true);
    }

    /** Sends a delivered or failed event again (a new delivery of the same event id, sent at once). */
    @Transactional
    public Delivery redeliver(long id, long deliveryId) {
        access.requireScope(Caller.PUBLISH);
        managed(id);
        Delivery original = delivery(id, deliveryId);
        Number copy = (Number) em.createNativeQuery("INSERT INTO hub.webhook_deliveries (webhook_id, event_id, redelivery_of)"
                        + " SELECT webhook_id, event_id, id FROM hub.webhook_deliveries WHERE id = ?1 RETURNING id")
                .setParameter(1, original.id()).getSingleResult();
        return delivery(id, copy.longValue());
    }

    /** Queues a {@code ping} event for this webhook only. */
    @Transactional
    public Delivery ping(long id) {
        access.requireScope(Caller.PUBLISH);
        Webhook w = managed(id);
        UUID event = outbox.emit(EventType.PING, Map.of("webhook", w.id(), "url", w.url(),
                "message", "A test delivery from EnvHub, asked for by " + caller.username() + "."), EventOutbox.Scope.NONE, List.of());
        Number delivery = (Number) em.createNativeQuery("INSERT INTO hub.webhook_deliveries (webhook_id, event_id)"
                + " VALUES (?1, ?2) RETURNING id").setParameter(1, id).setParameter(2, event).getSingleResult();
        return delivery(id, delivery.longValue());
    }

    private static final String DELIVERY = """
            SELECT d.id, d.event_id, e.type, d.state, d.attempts, d.created_at, d.delivered_at,
                   CASE WHEN d.state = 'pending' THEN d.next_attempt_at END AS next_attempt_at, d.redelivery_of,
                   a.at, a.status_code, a.duration_ms, a.error, a.response_excerpt, e.occurred_at, CAST(e.object AS text) AS object
              FROM hub.webhook_deliveries d JOIN hub.events e ON e.id = d.event_id
              LEFT JOIN LATERAL (SELECT * FROM hub.webhook_attempts x WHERE x.delivery_id = d.id ORDER BY x.id DESC LIMIT 1) a
                     ON true""";

    private Delivery delivery(Row r, boolean full) {
        Attempt last = r.get("at") == null ? null : new Attempt(r.time("at"), r.get("status_code") == null ? null
                : r.intValue("status_code"), r.intValue("duration_ms"), r.string("error"), r.string("response_excerpt"));
        String eventId = StoredEvent.publicId((UUID) r.get("event_id"));
        List<Attempt> log = null;
        JsonNode event = null;
        if (full) {
            log = new ArrayList<>();
            for (Row a : Row.list(em.createNativeQuery("SELECT at, status_code, duration_ms, error, response_excerpt"
                    + " FROM hub.webhook_attempts WHERE delivery_id = ?1 ORDER BY id", Tuple.class).setParameter(1, r.longValue("id")))) {
                log.add(new Attempt(a.time("at"), a.get("status_code") == null ? null : a.intValue("status_code"),
                        a.intValue("duration_ms"), a.string("error"), a.string("response_excerpt")));
            }
            try {
                event = json.createObjectNode().put("id", eventId).put("type", r.string("type"))
                        .put("time", r.time("occurred_at").toString()).set("object", json.readTree(r.string("object")));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
        return new Delivery(r.longValue("id"), eventId, r.string("type"), r.string("state"), r.intValue("attempts"),
                r.time("created_at"), r.time("delivered_at"), r.time("next_attempt_at"), r.longOrNull("redelivery_of"), last, log,
                event);
    }

    /** The webhook if the caller may manage it (admins: every one); 404 otherwise. */
    private Webhook managed(long id) {
        Webhook w = find(id);
        Owner owner = Owner.findById(ownerIdOf(id));
        if (caller.isAdmin() || access.canPublish(owner) || owner.id.equals(caller.ownerId())) {
            return w;
        }
        throw notFound(id);
    }

    private long ownerIdOf(long id) {
        return ((Number) em.createNativeQuery("SELECT owner_id FROM hub.webhooks WHERE id = ?1").setParameter(1, id)
                .getSingleResult()).longValue();
    }

    private Webhook find(long id) {
        return Row.first(em.createNativeQuery("SELECT " + COLUMNS + " WHERE w.id = ?1", Tuple.class).setParameter(1, id))
                .map(this::view).orElseThrow(() -> notFound(id));
    }

    private Webhook view(Row r) {
        String kind = r.string("scope_kind");
        Scope scope = switch (kind) {
            case "environment" -> new Scope(r.string("environment"), null, null);
            case "bounties" -> new Scope(null, null, "sponsored");
            default -> new Scope(null, r.string("owner"), null);
        };
        return new Webhook(r.longValue("id"), r.string("url"), r.string("description"), List.of(r.string("events").split(",")),
                scope, r.isTrue("active"), r.string("disabled_reason"), r.time("disabled_at"), r.intValue("consecutive_failures"),
                r.string("created_by"), r.time("created_at"), r.time("updated_at"), null);
    }

    private static Webhook withSecret(Webhook w, String secret) {
        return new Webhook(w.id(), w.url(), w.description(), w.events(), w.scope(), w.active(), w.disabledReason(),
                w.disabledAt(), w.consecutiveFailures(), w.createdBy(), w.createdAt(), w.updatedAt(), secret);
    }

    /** The subscribed types, checked against the scope: bounty events for the sponsored-bounties scope, hub events else. */
    static List<String> events(List<String> requested, String kind) {
        EventType.Source wanted = "bounties".equals(kind) ? EventType.Source.BOUNTY : EventType.Source.HUB;
        List<String> allowed = EventType.subscribable().stream().filter(t -> t.source() == wanted).map(EventType::wire).toList();
        if (requested == null || requested.isEmpty()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_EVENTS, "Name the events to send: " + String.join(", ", allowed) + ".");
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String e : requested) {
            if (e == null || !allowed.contains(e)) {
                throw new ApiException.Invalid(ProblemCode.INVALID_EVENTS, "'" + e + "' is not an event of this scope; it has "
                        + String.join(", ", allowed) + ".");
            }
            out.add(e);
        }
        return List.copyOf(out);
    }

    private static String description(String d) {
        if (d == null || d.isBlank()) {
            return null;
        }
        String s = d.strip();
        if (s.length() > 200) {
            throw new ApiException.Invalid(ProblemCode.INVALID_DESCRIPTION, "A description has at most 200 characters.");
        }
        return s;
    }

    private static String newSecret() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return "whsec_" + Base64.getUrlEncoder().withoutPadding().encodeToString(b);
    }

    private static ApiException invalidScope() {
        return new ApiException.Invalid(ProblemCode.INVALID_SCOPE, "scope is {\"environment\":\"owner/name\"}, {\"owner\":\"name\"}"
                + " or {\"bounties\":\"sponsored\"}.");
    }

    private static ApiException notFound(long id) {
        return new ApiException.NotFound("Webhook " + id + " does not exist, or is not yours.");
    }
}
