package io.envhub.registry.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.Verdict.TrustFlag;
import io.envhub.kit.persistence.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import java.util.List;
import java.util.Optional;

/**
 * Stores a version's verdict ({@link TrustVerdict}) in its row ({@code trust_status}, {@code runtime_verified},
 * {@code trust_flags}, {@code status_reason}, migration V11) together with its status, and reads the stored columns
 * back as a {@link Verdict}.
 */
@ApplicationScoped
public class VersionVerdicts {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final EntityManager em;

    public VersionVerdicts(EntityManager em) {
        this.em = em;
    }

    /**
     * Sets a version's status and its verdict, computed from the stored report (validated, failed) or the job's last
     * error (error); call in the transaction that records the report or the error.
     */
    public Verdict setStatus(long versionId, String status) {
        JsonNode report = null;
        String lastError = null;
        if (EnvironmentVersion.VALIDATED.equals(status) || EnvironmentVersion.FAILED.equals(status)
                || EnvironmentVersion.ERROR.equals(status)) {
            Optional<Row> row = Row.first(em.createNativeQuery("SELECT CAST(r.report AS text) AS report,"
                    + " (SELECT j.last_error FROM hub.validation_jobs j WHERE j.version_id = v.id ORDER BY j.id DESC LIMIT 1)"
                    + " AS last_error FROM hub.versions v"
                    + " LEFT JOIN hub.validation_reports r ON r.version_id = v.id WHERE v.id = ?1", Tuple.class)
                    .setParameter(1, versionId));
            if (row.isPresent()) {
                String text = row.get().string("report");
                report = text == null ? null : read(text);
                lastError = row.get().string("last_error");
            }
        }
        Verdict verdict = TrustVerdict.of(status, report, lastError);
        em.createNativeQuery("UPDATE hub.versions SET status = ?1, trust_status = ?2, runtime_verified = ?3,"
                        + " trust_flags = CAST(?4 AS jsonb), status_reason = ?5 WHERE id = ?6")
                .setParameter(1, status).setParameter(2, verdict.trustStatus()).setParameter(3, verdict.runtimeVerified())
                .setParameter(4, write(verdict.trustFlags())).setParameter(5, verdict.statusReason()).setParameter(6, versionId)
                .executeUpdate();
        return verdict;
    }

    /** A verdict from stored columns ({@code trust_flags} as JSON text); null when {@code trustStatus} is null. */
    public static Verdict fromColumns(String trustStatus, Boolean runtimeVerified, String trustFlags, String statusReason) {
        if (trustStatus == null) {
            return null;
        }
        return TrustVerdict.verdict(trustStatus, Boolean.TRUE.equals(runtimeVerified), flags(trustFlags), statusReason);
    }

    /** Trust flags from their stored JSON ({@code [{code, message}]}). */
    public static List<TrustFlag> flags(String json) {
        if (json == null || json.isBlank()) {
            return List.of();
        }
        try {
            return JSON.readValue(json, new TypeReference<List<TrustFlag>>() {
            });
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored trust flags are unreadable", e);
        }
    }

    private static JsonNode read(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored report is unreadable", e);
        }
    }

    private static String write(List<TrustFlag> flags) {
        try {
            return JSON.writeValueAsString(flags);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
