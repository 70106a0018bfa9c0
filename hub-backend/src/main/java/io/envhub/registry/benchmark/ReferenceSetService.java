package io.envhub.registry.benchmark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.contract.api.ReferenceSet;
import io.envhub.format.fingerprint.Fingerprint;
import io.envhub.format.fingerprint.FingerprintBuilder;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Registers, lists and removes reference benchmarks. Registering fingerprints the items (every item kept) and stores
 * only the fingerprint; in the same transaction it queues a re-check of every stored report with a dataset
 * fingerprint ({@code hub.benchmark_rechecks}), which the hub's worker then compares with every set. Removing a set
 * queues a re-check of the reports that carry a benchmark finding, so its findings go away.
 */
@ApplicationScoped
public class ReferenceSetService {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final int MAX_NOTE = 500;
    private static final String VIEW = "SELECT s.name, s.source_url, s.licence, s.items, s.created_by, s.created_at,"
            + " (SELECT count(*) FROM hub.benchmark_rechecks r WHERE r.reference_set_id = s.id) AS total,"
            + " (SELECT count(*) FROM hub.benchmark_rechecks r WHERE r.reference_set_id = s.id AND r.state = 'done') AS done"
            + " FROM hub.reference_sets s";

    private final EntityManager em;
    private final ObjectMapper json;
    private final BenchmarkConfig config;

    public ReferenceSetService(EntityManager em, ObjectMapper json, BenchmarkConfig config) {
        this.em = em;
        this.json = json;
        this.config = config;
    }

    /**
     * Registers a set from its JSONL items.
     *
     * @param name the set's name
     * @param sourceUrl where the items come from (http or https), or null
     * @param licence the licence note, or null
     * @param items the JSONL
     * @param admin who registers it
     * @return the registered set, its re-check queued
     */
    public ReferenceSet create(String name, String sourceUrl, String licence, InputStream items, String admin) {
        String n = name == null ? "" : name.strip();
        if (!NAME.matcher(n).matches()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "A reference set's name is 1 to 64 letters, digits,"
                    + " '.', '_' or '-', starting with a letter or digit (e.g. gsm8k-test).");
        }
        String url = blankToNull(sourceUrl);
        if (url != null && !httpUrl(url)) {
            throw new ApiException.Invalid(ProblemCode.INVALID_URL, "sourceUrl must be an http or https URL.");
        }
        String note = blankToNull(licence);
        if (note != null && note.length() > MAX_NOTE) {
            throw new ApiException.Invalid(ProblemCode.INVALID_REQUEST, "The licence note is at most " + MAX_NOTE + " characters.");
        }
        // the upload is read and fingerprinted outside any transaction: no connection is held while it arrives
        List<String> texts = ReferenceItems.read(items, config.maxItems());
        Fingerprint fingerprint = FingerprintBuilder.build(texts, texts.size());
        return QuarkusTransaction.requiringNew().call(() -> insert(n, url, note, texts.size(), fingerprint, admin));
    }

    private ReferenceSet insert(String n, String url, String note, int items, Fingerprint fingerprint, String admin) {
        if (exists(n)) {
            throw new ApiException.Conflict(ProblemCode.NAME_TAKEN, "A reference set named '" + n + "' exists already.");
        }
        Number id = (Number) em.createNativeQuery("INSERT INTO hub.reference_sets (name, source_url, licence, items,"
                        + " fingerprint, created_by) VALUES (?1, ?2, ?3, ?4, CAST(?5 AS jsonb), ?6) RETURNING id")
                .setParameter(1, n).setParameter(2, url).setParameter(3, note).setParameter(4, items)
                .setParameter(5, write(fingerprint)).setParameter(6, admin).getSingleResult();
        em.createNativeQuery("INSERT INTO hub.benchmark_rechecks (version_id, reference_set_id) SELECT version_id, ?1"
                + " FROM hub.validation_reports WHERE fingerprint IS NOT NULL").setParameter(1, id.longValue()).executeUpdate();
        return get(n);
    }

    /** Every set, by name. */
    @Transactional
    public List<ReferenceSet> list() {
        return Row.list(em.createNativeQuery(VIEW + " ORDER BY s.name", Tuple.class)).stream().map(ReferenceSetService::view)
                .toList();
    }

    /** One set; 404 when there is none of that name. */
    @Transactional
    public ReferenceSet get(String name) {
        return Row.first(em.createNativeQuery(VIEW + " WHERE s.name = ?1", Tuple.class).setParameter(1, name))
                .map(ReferenceSetService::view).orElseThrow(() -> missing(name));
    }

    /** Removes a set and queues a re-check of the reports that carry a benchmark finding; 404 when there is none. */
    @Transactional
    public void delete(String name) {
        int removed = em.createNativeQuery("DELETE FROM hub.reference_sets WHERE name = ?1").setParameter(1, name).executeUpdate();
        if (removed == 0) {
            throw missing(name);
        }
        em.createNativeQuery("INSERT INTO hub.benchmark_rechecks (version_id) SELECT version_id FROM hub.validation_reports"
                + " WHERE fingerprint IS NOT NULL AND report -> 'trust' -> 'findings' @> CAST(?1 AS jsonb)")
                .setParameter(1, "[{\"probe\":\"" + HubFindings.BENCHMARK_OVERLAP + "\"}]").executeUpdate();
    }

    private boolean exists(String name) {
        return !em.createNativeQuery("SELECT 1 FROM hub.reference_sets WHERE name = ?1").setParameter(1, name)
                .getResultList().isEmpty();
    }

    private static ReferenceSet view(Row r) {
        return new ReferenceSet(r.string("name"), r.string("source_url"), r.string("licence"), r.intValue("items"),
                r.string("created_by"), r.time("created_at"), new ReferenceSet.Recheck(r.longValue("total"), r.longValue("done")));
    }

    private static ApiException missing(String name) {
        return new ApiException.NotFound("There is no reference set named '" + name + "'.");
    }

    private static boolean httpUrl(String url) {
        try {
            URI u = URI.create(url);
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            return (scheme.equals("http") || scheme.equals("https")) && u.getHost() != null;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.strip();
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
