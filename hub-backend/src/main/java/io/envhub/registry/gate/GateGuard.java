package io.envhub.registry.gate;

import io.envhub.registry.RegistryConfig;
import io.envhub.registry.model.Environment;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import io.envhub.registry.model.Owner;
import org.hibernate.Hibernate;
import java.util.List;

/**
 * The check every file download of an environment passes (API download, {@code /simple} files and metadata, file
 * texts): a gated environment's files are for those who manage it (and admins) and for users with a granted access
 * request. Personal access tokens act as their user. A refusal says how to ask for access; on the package index its
 * status line carries the same words, since pip prints the reason phrase ({@link GateReasonPhrase}).
 */
@ApplicationScoped
public class GateGuard {
    private final AccessPolicy access;
    private final Caller caller;
    private final EntityManager em;
    private final CurrentVertxRequest request;
    private final String webUrl;
    private final String apiUrl;

    public GateGuard(AccessPolicy access, Caller caller, EntityManager em, CurrentVertxRequest request, RegistryConfig config) {
        this.access = access;
        this.caller = caller;
        this.em = em;
        this.request = request;
        this.webUrl = config.webUrl().replaceAll("/+$", "");
        this.apiUrl = config.publicUrl().replaceAll("/+$", "");
    }

    /**
     * Throws 403 (401 when anonymous) {@code access-required} unless the caller may download files of {@code env}
     * (a view with id, name, owner and gated is enough).
     */
    @Transactional
    public void requireFileAccess(Environment env) {
        if (env.gated == null) {
            return;
        }
        // a view built by the index is complete; an entity read outside a session may hold an owner not loaded yet
        Owner owner = Hibernate.isInitialized(env.owner) ? env.owner : em.find(Owner.class, env.owner.id);
        if (access.canReadPrivateOf(owner)) {
            return;
        }
        String name = owner.name + "/" + env.name;
        String page = webUrl + "/" + name + "/access";
        String how = "Request access at " + page + " (or POST " + apiUrl + "/api/v1/environments/" + name
                + "/access-requests {\"acceptTerms\": true}";
        if (caller.isAnonymous()) {
            reason("Access required: sign in and request it at " + page);
            throw new GateRefusal.SignIn(name + " is gated: its page is public, but its files are for users the owner gave "
                    + "access. Sign in (pip: a token of your account as password, user __token__), then " + how.substring(0, 1)
                    .toLowerCase(java.util.Locale.ROOT) + how.substring(1) + ").");
        }
        List<?> state = em.createNativeQuery("SELECT state FROM hub.access_requests WHERE environment_id = ?1 AND user_id = ?2")
                .setParameter(1, env.id).setParameter(2, caller.ownerId()).getResultList();
        String s = state.isEmpty() ? null : (String) state.get(0);
        if ("granted".equals(s)) {
            return;
        }
        reason("Access required: " + (s == null ? "request it at " : "your request is " + s + ", see ") + page);
        String where = s == null ? " " + how + ")." : " Your request is " + s + (s.equals("pending")
                ? ": the owner has not decided yet." : "; ask the owner, or see " + page + ".");
        throw new GateRefusal.NoAccess(name + " is gated: its files are for users the owner gave access (" + caller.username()
                + " has none)." + where);
    }

    private void reason(String phrase) {
        if (request.getCurrent() != null) {
            request.getCurrent().put(GateReasonPhrase.KEY, phrase);
        }
    }
}
