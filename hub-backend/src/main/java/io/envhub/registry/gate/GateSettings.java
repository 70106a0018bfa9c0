package io.envhub.registry.gate;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.audit.AuditLog;
import io.envhub.registry.environment.EnvironmentViews.GateChange;
import io.envhub.registry.model.Environment;
import io.envhub.registry.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.persistence.EntityManager;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Applies the gate part of an environment's settings change (the settings PATCH has already checked that the caller
 * manages it), in its transaction, with an audit row {@code environment.gate}: {@code gated} is {@code auto},
 * {@code manual}, or {@code null}/{@code false} to open the files again; only public environments can be gated
 * (a private one is closed already). New terms text bumps the terms version; existing grants stay.
 */
@ApplicationScoped
public class GateSettings {
    /** Longest terms text. */
    public static final int MAX_TERMS = 20_000;

    private final EntityManager em;
    private final AuditLog audit;
    private final Caller caller;

    public GateSettings(EntityManager em, AuditLog audit, Caller caller) {
        this.em = em;
        this.audit = audit;
        this.caller = caller;
    }

    void apply(@Observes GateChange change) {
        Environment env = em.find(Environment.class, change.environmentId());
        String mode = change.gated() == null ? env.gated : mode(change.gated());
        String terms = change.terms() == null ? env.gateTerms : change.terms().strip().isEmpty() ? null : change.terms().strip();
        if (terms != null && terms.length() > MAX_TERMS) {
            throw new ApiException.Invalid(ProblemCode.INVALID_GATE, "The terms have at most " + MAX_TERMS + " characters.");
        }
        if (mode != null && env.isPrivate()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_GATE, "Only public environments can be gated: a private one is "
                    + "already closed to everyone but its owner.");
        }
        Map<String, Object> before = state(env.gated, env.gateTermsVersion);
        int version = Objects.equals(terms, env.gateTerms) ? env.gateTermsVersion : env.gateTermsVersion + 1;
        if (Objects.equals(mode, env.gated) && version == env.gateTermsVersion) {
            return;
        }
        em.createNativeQuery("UPDATE hub.environments SET gated = ?2, gate_terms = ?3, gate_terms_version = ?4,"
                        + " updated_at = now() WHERE id = ?1")
                .setParameter(1, env.id).setParameter(2, mode).setParameter(3, terms).setParameter(4, version).executeUpdate();
        audit.record(caller.username(), "environment.gate", env.owner.name + "/" + env.name, null, before, state(mode, version));
    }

    private static String mode(JsonNode gated) {
        if (gated.isNull() || gated.isBoolean() && !gated.booleanValue()) {
            return null;
        }
        String m = gated.asText("");
        if (!gated.isTextual() || !m.equals("auto") && !m.equals("manual")) {
            throw new ApiException.Invalid(ProblemCode.INVALID_GATE, "gated is \"auto\" (access on accepting the terms), "
                    + "\"manual\" (the owner approves each request) or null (not gated).");
        }
        return m;
    }

    private static Map<String, Object> state(String mode, int termsVersion) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("gated", mode);
        m.put("termsVersion", termsVersion);
        return m;
    }
}
