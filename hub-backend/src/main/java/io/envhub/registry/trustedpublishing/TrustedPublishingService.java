package io.envhub.registry.trustedpublishing;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.api.TrustedPublisher;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.audit.AuditLog;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.model.Environment;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import io.envhub.registry.token.TokenService;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Trusted publishing, as PyPI does it: an environment's managers register CI identities ({@link TrustedPublisher}); a CI
 * job exchanges its OIDC ID token ({@link IdTokenVerifier}) for a token that may only upload new versions of that one
 * environment, acts with the rights of the user who registered the publisher, and expires after
 * {@link TrustedPublishingConfig#tokenLifetime()}. An ID token is exchanged once (its {@code jti} is kept until it
 * expires). Every registration, removal and minted token is in the audit log, in the transaction that made it.
 */
@ApplicationScoped
public class TrustedPublishingService {
    /** Most claims one publisher may require, and the longest claim name or value. */
    static final int MAX_CLAIMS = 20;
    static final int MAX_CLAIM_LENGTH = 500;
    /** Claims named in the answer when no publisher matches (what a publisher usually requires). */
    private static final List<String> SHOWN_CLAIMS = List.of("sub", "repository", "ref", "workflow_ref", "environment",
            "project_path", "azp");

    private final IdTokenVerifier verifier;
    private final TrustedPublisherStore store;
    private final TokenService tokens;
    private final AuditLog audit;
    private final EnvironmentLookup lookup;
    private final AccessPolicy access;
    private final Caller caller;
    private final TrustedPublishingConfig config;

    public TrustedPublishingService(IdTokenVerifier verifier, TrustedPublisherStore store, TokenService tokens, AuditLog audit,
                                    EnvironmentLookup lookup, AccessPolicy access, Caller caller,
                                    TrustedPublishingConfig config) {
        this.verifier = verifier;
        this.store = store;
        this.tokens = tokens;
        this.audit = audit;
        this.lookup = lookup;
        this.access = access;
        this.caller = caller;
        this.config = config;
    }

    /** The audience publishers get by default ({@code GET /_/oidc/audience}). */
    public String defaultAudience() {
        return config.audience();
    }

    /** The trusted issuers, the default audience and the minted tokens' lifetime. */
    public Map<String, Object> info() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("issuers", config.issuers());
        out.put("audience", config.audience());
        out.put("tokenLifetimeSeconds", config.tokenLifetime().toSeconds());
        return out;
    }

    @Transactional
    public List<TrustedPublisher> list(String owner, String name) {
        Environment env = managed(owner, name);
        return store.ofEnvironment(env.id).stream().map(TrustedPublisherStore.Stored::publisher).toList();
    }

    @Transactional
    public TrustedPublisher register(String owner, String name, TrustedPublisher.Registration r) {
        Environment env = managed(owner, name);
        if (r == null || r.issuer() == null || !verifier.trusts(r.issuer().strip())) {
            throw new ApiException.Invalid(ProblemCode.INVALID_ISSUER, "The issuer must be one this hub trusts: "
                    + String.join(", ", config.issuers()) + ".");
        }
        String audience = r.audience() == null || r.audience().isBlank() ? config.audience() : r.audience().strip();
        Map<String, String> claims = claims(r.claims());
        if (audience.length() > MAX_CLAIM_LENGTH) {
            throw new ApiException.Invalid(ProblemCode.INVALID_CLAIMS, "The audience is at most " + MAX_CLAIM_LENGTH + " characters.");
        }
        long id = store.insert(env.id, r.issuer().strip(), audience, claims, caller.ownerId());
        if (id < 0) {
            throw new ApiException.Conflict(ProblemCode.ALREADY_RECORDED, "This publisher is registered already.");
        }
        TrustedPublisher added = store.ofEnvironment(env.id).stream().map(TrustedPublisherStore.Stored::publisher)
                .filter(p -> p.id() == id).findFirst().orElseThrow();
        audit.record(caller.username(), "trusted-publisher.added", env.owner.name + "/" + env.name, null, null, added);
        return added;
    }

    @Transactional
    public void remove(String owner, String name, long id) {
        Environment env = managed(owner, name);
        TrustedPublisher gone = store.ofEnvironment(env.id).stream().map(TrustedPublisherStore.Stored::publisher)
                .filter(p -> p.id() == id).findFirst()
                .orElseThrow(() -> new ApiException.NotFound("Trusted publisher " + id + " does not exist."));
        store.delete(env.id, id);
        audit.record(caller.username(), "trusted-publisher.removed", env.owner.name + "/" + env.name, null, gone, null);
    }

    /** Exchanges a CI's ID token for an upload token (the keys are fetched outside any transaction). */
    public TrustedPublisher.Minted exchange(TrustedPublisher.Exchange request) {
        IdTokenVerifier.Verified token = verifier.verify(request == null ? null : request.token());
        return QuarkusTransaction.requiringNew().call(() -> mint(token, request.environment()));
    }

    private TrustedPublisher.Minted mint(IdTokenVerifier.Verified token, String environment) {
        List<TrustedPublisherStore.Stored> matching = store.ofIssuer(token.issuer()).stream()
                .filter(p -> token.audiences().contains(p.publisher().audience()))
                .filter(p -> p.publisher().claims().entrySet().stream().allMatch(c -> c.getValue().equals(token.claim(c.getKey()))))
                .filter(p -> environment == null || environment.isBlank() || p.environment().equalsIgnoreCase(environment.strip()))
                .toList();
        if (matching.isEmpty()) {
            throw new ApiException.Forbidden(ProblemCode.NO_TRUSTED_PUBLISHER, "No trusted publisher matches this ID token ("
                    + describe(token) + "): register one in the environment's settings with exactly these values.");
        }
        if (matching.stream().map(TrustedPublisherStore.Stored::environmentId).distinct().count() > 1) {
            throw new ApiException.Invalid(ProblemCode.INVALID_ENVIRONMENT, "This ID token matches publishers of "
                    + matching.stream().map(TrustedPublisherStore.Stored::environment).distinct().collect(Collectors.joining(", "))
                    + ": send 'environment' (owner/name) with it.");
        }
        TrustedPublisherStore.Stored p = matching.get(0);
        OffsetDateTime expires = OffsetDateTime.ofInstant(token.expiresAt(), ZoneOffset.UTC);
        if (!store.firstUse(token.issuer(), token.jti(), expires)) {
            throw new ApiException.Conflict(ProblemCode.OIDC_TOKEN_REPLAYED, "This ID token was exchanged before (jti "
                    + token.jti() + "); ask the CI for a new one.");
        }
        TokenService.Created minted = tokens.mintUpload(p.createdBy(), p.environmentId(), p.publisher().id(),
                "trusted publishing: " + describe(token), config.tokenLifetime());
        Map<String, Object> after = new LinkedHashMap<>();
        after.put("publisherId", p.publisher().id());
        after.put("tokenId", minted.token().id);
        after.put("tokenPrefix", minted.token().tokenPrefix);
        after.put("expiresAt", minted.token().expiresAt.toString());
        after.put("issuer", token.issuer());
        after.put("jti", token.jti());
        after.put("claims", shown(token));
        audit.record("trusted-publisher:" + p.publisher().id(), "trusted-publishing.token-minted", p.environment(), null,
                null, after);
        return new TrustedPublisher.Minted(minted.secret(), minted.token().expiresAt, p.environment(), true);
    }

    private Environment managed(String owner, String name) {
        Environment env = lookup.readable(owner, name);
        access.requireManage(env);
        return env;
    }

    private static Map<String, String> claims(Map<String, String> given) {
        if (given == null || given.isEmpty()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_CLAIMS, "Require at least one claim, e.g. repository and ref:"
                    + " without one, any job of the issuer could publish.");
        }
        if (given.size() > MAX_CLAIMS) {
            throw new ApiException.Invalid(ProblemCode.INVALID_CLAIMS, "At most " + MAX_CLAIMS + " claims.");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> c : given.entrySet()) {
            String key = c.getKey() == null ? "" : c.getKey().strip();
            String value = c.getValue() == null ? "" : c.getValue().strip();
            if (key.isEmpty() || value.isEmpty() || key.length() > MAX_CLAIM_LENGTH || value.length() > MAX_CLAIM_LENGTH) {
                throw new ApiException.Invalid(ProblemCode.INVALID_CLAIMS, "Each claim needs a name and a value of 1 to "
                        + MAX_CLAIM_LENGTH + " characters.");
            }
            out.put(key, value);
        }
        return out;
    }

    private static Map<String, String> shown(IdTokenVerifier.Verified token) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : SHOWN_CLAIMS) {
            String v = token.claim(name);
            if (v != null) {
                out.put(name, v);
            }
        }
        return out;
    }

    private static String describe(IdTokenVerifier.Verified token) {
        return "issuer " + token.issuer() + ", audience " + token.audiences() + shown(token).entrySet().stream()
                .map(e -> ", " + e.getKey() + "=" + e.getValue()).collect(Collectors.joining());
    }
}
