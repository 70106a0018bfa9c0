package io.envhub.registry.gate;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.event.EventType;
import io.envhub.contract.event.Notice;
import io.envhub.contract.event.NotificationKind;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.audit.AuditLog;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.event.EventOutbox;
import io.envhub.registry.event.People;
import io.envhub.registry.gate.GateViews.AccessRequest;
import io.envhub.registry.gate.GateViews.DecisionBody;
import io.envhub.registry.gate.GateViews.GateState;
import io.envhub.registry.gate.GateViews.RequestBody;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Access requests to gated environments. A user accepts the terms (their version and the time are kept): on an
 * {@code auto} gate access is granted at once, on a {@code manual} one the request waits for the owner's decision.
 * Every request and decision is in the audit log, is an {@code access.requested} event (webhooks of the environment
 * and its owner) and notifies the other side.
 */
@ApplicationScoped
public class GateService {
    /** Longest message or note. */
    public static final int MAX_TEXT = 2000;
    private static final String COLUMNS = "r.id, o.name || '/' || e.name AS environment, u.name AS requester, r.state,"
            + " r.terms_version, r.terms_accepted_at, r.message, r.decided_by, r.decided_at, r.decision_note, r.created_at"
            + " FROM hub.access_requests r JOIN hub.environments e ON e.id = r.environment_id"
            + " JOIN hub.owners o ON o.id = e.owner_id JOIN hub.owners u ON u.id = r.user_id";

    private final EntityManager em;
    private final EnvironmentLookup lookup;
    private final AccessPolicy access;
    private final Caller caller;
    private final AuditLog audit;
    private final EventOutbox outbox;
    private final People people;

    public GateService(EntityManager em, EnvironmentLookup lookup, AccessPolicy access, Caller caller, AuditLog audit,
                       EventOutbox outbox, People people) {
        this.em = em;
        this.lookup = lookup;
        this.access = access;
        this.caller = caller;
        this.audit = audit;
        this.outbox = outbox;
        this.people = people;
    }

    /** The gate of {@code owner/name} as the caller sees it (anyone who may read the environment). */
    @Transactional
    public GateState state(String owner, String name) {
        Environment env = lookup.readable(owner, name);
        boolean manages = access.canReadPrivateOf(env.owner);
        Optional<AccessRequest> mine = caller.isAnonymous() ? Optional.empty() : mine(env);
        String state = manages ? "owner" : env.gated == null ? "granted" : caller.isAnonymous() ? "sign-in"
                : mine.map(AccessRequest::state).orElse("none");
        long pending = !manages ? 0 : ((Number) em.createNativeQuery("SELECT count(*) FROM hub.access_requests"
                + " WHERE environment_id = ?1 AND state = 'pending'").setParameter(1, env.id).getSingleResult()).longValue();
        return new GateState(env.gated, env.gateTerms, env.gateTermsVersion, state, mine.orElse(null), pending);
    }

    /** The caller accepts the terms and asks for access. */
    @Transactional
    public AccessRequest request(String owner, String name, RequestBody body) {
        Owner me = access.requireScope(Caller.READ);
        Environment env = lookup.readable(owner, name);
        if (env.gated == null) {
            throw new ApiException.Conflict(ProblemCode.NOT_GATED, owner + "/" + name + " is not gated: its files are open to "
                    + "everyone who may read it.");
        }
        if (body == null || !Boolean.TRUE.equals(body.acceptTerms())) {
            throw new ApiException.Invalid(ProblemCode.TERMS_NOT_ACCEPTED, "Access to " + owner + "/" + name + " needs "
                    + "{\"acceptTerms\": true}: you accept the owner's terms (version " + env.gateTermsVersion + ").");
        }
        String message = text(body.message(), "message");
        Optional<AccessRequest> before = mine(env);
        if (before.isPresent() && "granted".equals(before.get().state())) {
            return before.get();
        }
        boolean auto = "auto".equals(env.gated);
        em.createNativeQuery("""
                INSERT INTO hub.access_requests (environment_id, user_id, state, terms_version, terms_accepted_at, message,
                                                 decided_by, decided_at)
                VALUES (?1, ?2, ?3, ?4, now(), ?5, ?6, CASE WHEN ?3 = 'granted' THEN now() END)
                ON CONFLICT (environment_id, user_id) DO UPDATE SET state = EXCLUDED.state, terms_version = EXCLUDED.terms_version,
                    terms_accepted_at = now(), message = EXCLUDED.message, decided_by = EXCLUDED.decided_by,
                    decided_at = EXCLUDED.decided_at, decision_note = NULL, updated_at = now()""")
                .setParameter(1, env.id).setParameter(2, me.id).setParameter(3, auto ? "granted" : "pending")
                .setParameter(4, env.gateTermsVersion).setParameter(5, message).setParameter(6, auto ? "auto" : null)
                .executeUpdate();
        AccessRequest now = mine(env).orElseThrow();
        String target = env.owner.name + "/" + env.name;
        audit.record(me.name, auto ? "access.grant" : "access.request", target, null,
                before.map(b -> Map.<String, Object>of("state", b.state())).orElse(null),
                Map.of("state", now.state(), "user", me.name, "termsVersion", now.termsVersion()));
        List<Notice> notify = new ArrayList<>();
        if (!auto) {
            for (String manager : people.managersOf(env.owner.id)) {
                notify.add(new Notice(manager, NotificationKind.ACCESS_REQUEST.wire(), me.name + " asks for access to " + target,
                        "/" + target + "/access"));
            }
        }
        outbox.emit(EventType.ACCESS_REQUESTED, now, new EventOutbox.Scope(env.id, env.owner.id), notify);
        return now;
    }

    /** The requests of an environment, pending first (those who manage it). */
    @Transactional
    public List<AccessRequest> list(String owner, String name, String state) {
        Environment env = managed(owner, name);
        List<AccessRequest> out = new ArrayList<>();
        for (Row r : Row.list(em.createNativeQuery("SELECT " + COLUMNS + " WHERE r.environment_id = ?1"
                        + " AND (CAST(?2 AS text) IS NULL OR r.state = ?2)"
                        + " ORDER BY r.state = 'pending' DESC, r.created_at DESC LIMIT 500", Tuple.class)
                .setParameter(1, env.id).setParameter(2, state == null || state.isBlank() ? null : state))) {
            out.add(view(r));
        }
        return out;
    }

    /** Grants or rejects a request (rejecting a granted one revokes it). */
    @Transactional
    public AccessRequest decide(String owner, String name, long id, DecisionBody body) {
        Environment env = managed(owner, name);
        String decision = body == null ? null : body.decision();
        String state = "grant".equals(decision) ? "granted" : "reject".equals(decision) ? "rejected" : null;
        if (state == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_DECISION, "decision is \"grant\" or \"reject\".");
        }
        String note = text(body.note(), "note");
        AccessRequest before = Row.first(em.createNativeQuery("SELECT " + COLUMNS + " WHERE r.id = ?1 AND r.environment_id = ?2"
                        + " FOR UPDATE OF r", Tuple.class).setParameter(1, id).setParameter(2, env.id)).map(GateService::view)
                .orElseThrow(() -> new ApiException.NotFound("Access request " + id + " of " + owner + "/" + name
                        + " does not exist."));
        if (before.state().equals(state)) {
            return before;
        }
        em.createNativeQuery("UPDATE hub.access_requests SET state = ?2, decided_by = ?3, decided_at = now(), decision_note = ?4,"
                        + " updated_at = now() WHERE id = ?1")
                .setParameter(1, id).setParameter(2, state).setParameter(3, caller.username()).setParameter(4, note).executeUpdate();
        AccessRequest after = view(Row.single(em.createNativeQuery("SELECT " + COLUMNS + " WHERE r.id = ?1", Tuple.class)
                .setParameter(1, id)));
        String target = env.owner.name + "/" + env.name;
        audit.record(caller.username(), "granted".equals(state) ? "access.grant" : "access.reject", target, note,
                Map.of("state", before.state(), "user", before.user()), Map.of("state", state, "user", before.user()));
        outbox.notice("access.decided", after, new EventOutbox.Scope(env.id, env.owner.id), List.of(new Notice(before.user(),
                NotificationKind.ACCESS_DECIDED.wire(), "Your access to " + target + " was " + state, "/" + target)));
        return after;
    }

    private Environment managed(String owner, String name) {
        access.requireSignedIn();
        Environment env = lookup.readable(owner, name);
        if (!access.canPublish(env.owner) && !caller.isAdmin()) {
            throw new ApiException.Forbidden("Only those who manage " + owner + "/" + name + " see and decide its access requests.");
        }
        return env;
    }

    private Optional<AccessRequest> mine(Environment env) {
        return Row.first(em.createNativeQuery("SELECT " + COLUMNS + " WHERE r.environment_id = ?1 AND r.user_id = ?2", Tuple.class)
                .setParameter(1, env.id).setParameter(2, caller.ownerId())).map(GateService::view);
    }

    private static AccessRequest view(Row r) {
        return new AccessRequest(r.longValue("id"), r.string("environment"), r.string("requester"), r.string("state"),
                r.intValue("terms_version"), r.time("terms_accepted_at"), r.string("message"), r.string("decided_by"),
                r.time("decided_at"), r.string("decision_note"), r.time("created_at"));
    }

    private static String text(String s, String what) {
        if (s == null || s.isBlank()) {
            return null;
        }
        String t = s.strip();
        if (t.length() > MAX_TEXT) {
            throw new ApiException.Invalid(ProblemCode.TEXT_TOO_LONG, "The " + what + " has at most " + MAX_TEXT + " characters.");
        }
        return t;
    }
}
