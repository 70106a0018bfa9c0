package io.envhub.registry.trustedpublishing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.api.TrustedPublisher;
import io.envhub.kit.persistence.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The rows of {@code hub.trusted_publishers} (V31). */
@ApplicationScoped
public class TrustedPublisherStore {
    private static final String COLUMNS = "p.id, p.environment_id, p.issuer, p.audience, CAST(p.claims AS text) AS claims,"
            + " p.created_by, o.name AS created_by_name, p.created_at, e.name AS env_name, eo.name AS env_owner";
    private static final String FROM = " FROM hub.trusted_publishers p JOIN hub.owners o ON o.id = p.created_by"
            + " JOIN hub.environments e ON e.id = p.environment_id JOIN hub.owners eo ON eo.id = e.owner_id";

    private final EntityManager em;
    private final ObjectMapper json;

    public TrustedPublisherStore(EntityManager em, ObjectMapper json) {
        this.em = em;
        this.json = json;
    }

    /** A stored publisher with the environment it publishes and the user its tokens act for. */
    public record Stored(TrustedPublisher publisher, long environmentId, String environment, long createdBy) {
    }

    public List<Stored> ofEnvironment(long environmentId) {
        return rows(em.createNativeQuery("SELECT " + COLUMNS + FROM + " WHERE p.environment_id = ?1 ORDER BY p.id", Tuple.class)
                .setParameter(1, environmentId));
    }

    public List<Stored> ofIssuer(String issuer) {
        return rows(em.createNativeQuery("SELECT " + COLUMNS + FROM + " WHERE p.issuer = ?1 ORDER BY p.id", Tuple.class)
                .setParameter(1, issuer));
    }

    /** Inserts one; its id, or -1 when the same publisher exists already. */
    public long insert(long environmentId, String issuer, String audience, Map<String, String> claims, long createdBy) {
        List<?> ids = em.createNativeQuery("INSERT INTO hub.trusted_publishers (environment_id, issuer, audience, claims,"
                        + " created_by) VALUES (?1, ?2, ?3, CAST(?4 AS jsonb), ?5) ON CONFLICT DO NOTHING RETURNING id")
                .setParameter(1, environmentId).setParameter(2, issuer).setParameter(3, audience)
                .setParameter(4, write(claims)).setParameter(5, createdBy).getResultList();
        return ids.isEmpty() ? -1 : ((Number) ids.get(0)).longValue();
    }

    public boolean delete(long environmentId, long id) {
        return em.createNativeQuery("DELETE FROM hub.trusted_publishers WHERE environment_id = ?1 AND id = ?2")
                .setParameter(1, environmentId).setParameter(2, id).executeUpdate() == 1;
    }

    /** Records an exchanged ID token; false when it was exchanged before (a replay). Expired entries are dropped. */
    public boolean firstUse(String issuer, String jti, OffsetDateTime expiresAt) {
        em.createNativeQuery("DELETE FROM hub.oidc_token_uses WHERE expires_at < now() - interval '1 day'").executeUpdate();
        return em.createNativeQuery("INSERT INTO hub.oidc_token_uses (issuer, jti, expires_at) VALUES (?1, ?2, ?3)"
                        + " ON CONFLICT DO NOTHING")
                .setParameter(1, issuer).setParameter(2, jti).setParameter(3, expiresAt).executeUpdate() == 1;
    }

    private List<Stored> rows(jakarta.persistence.Query query) {
        return Row.list(query).stream().map(r -> new Stored(new TrustedPublisher(r.longValue("id"), r.string("issuer"),
                r.string("audience"), read(r.string("claims")), r.string("created_by_name"),
                r.time("created_at")), r.longValue("environment_id"),
                r.string("env_owner") + "/" + r.string("env_name"), r.longValue("created_by"))).toList();
    }

    private Map<String, String> read(String text) {
        try {
            return new TreeMap<>(json.readValue(text, new TypeReference<Map<String, String>>() {
            }));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable publisher claims", e);
        }
    }

    private String write(Map<String, String> claims) {
        try {
            return json.writeValueAsString(new TreeMap<>(claims));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
