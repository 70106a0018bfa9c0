package io.envhub.bounty.security;

import io.envhub.bounty.BountyConfig;
import io.envhub.bounty.hub.HubFacts;
import io.envhub.kit.error.ApiException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.SecurityIdentityAugmentor;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Refuses a suspended user's still-valid Keycloak token: bounty-service validates tokens locally, so without this a
 * token issued before the suspension would keep working until it expires. For every authenticated request it asks
 * hub-backend (internal bounty-facts API, the owner of {@code hub.suspensions}) whether the token's subject is
 * suspended, and reuses the answer for {@link BountyConfig#suspensionCache()} per subject, so a suspension takes effect
 * within seconds without one hub-backend call per request under load.
 *
 * <p>Suspended: 401 problem ({@link AccountSuspended}). hub-backend cannot answer: fail closed, 503 problem
 * ({@link StandingUnknown}) for every authenticated request, reads included: which requests are harmless to let
 * through cannot be told apart here, and a signed-in user's reads (their submissions, payouts, sponsor balance) are
 * private data too. Anonymous requests never ask, so public pages keep working while hub-backend is down.
 */
@ApplicationScoped
public class SuspensionCheck implements SecurityIdentityAugmentor {
    private static final int MAX_ENTRIES = 10_000;

    private final HubFacts hub;
    private final Duration ttl;
    private final ConcurrentHashMap<String, Answer> cache = new ConcurrentHashMap<>();

    /** hub-backend's answer about one subject, until when it is reused; suspended == null: hub-backend could not answer. */
    private record Answer(Boolean suspended, Instant until) {
    }

    /** Why an {@link AuthenticationFailedException} was thrown: the token's user is suspended (401 by {@link SignInProblem}). */
    public static final class AccountSuspended extends RuntimeException {
        AccountSuspended() {
            super("account suspended", null, false, false);
        }
    }

    /** Whether the token's user is suspended could not be learnt (answered 503 by {@link SignInProblem}). */
    public static final class StandingUnknown extends RuntimeException {
        StandingUnknown() {
            super("suspension state unavailable", null, false, false);
        }
    }

    public SuspensionCheck(HubFacts hub, BountyConfig config) {
        this.hub = hub;
        this.ttl = config.suspensionCache();
    }

    @Override
    public Uni<SecurityIdentity> augment(SecurityIdentity identity, AuthenticationRequestContext context) {
        if (identity.isAnonymous() || !(identity.getPrincipal() instanceof JsonWebToken jwt) || jwt.getSubject() == null) {
            return Uni.createFrom().item(identity);
        }
        String subject = jwt.getSubject();
        Answer cached = cache.get(subject);
        if (cached != null && Instant.now().isBefore(cached.until())) {
            return Uni.createFrom().item(() -> decide(identity, cached));
        }
        return context.runBlocking(() -> decide(identity, ask(subject)));
    }

    private Answer ask(String subject) {
        Boolean suspended;
        try {
            suspended = hub.suspended(subject);
        } catch (ApiException.Unavailable e) {
            suspended = null; // remembered for the same window too: an outage does not turn into a call per request
        }
        Instant now = Instant.now();
        Answer answer = new Answer(suspended, now.plus(ttl));
        cache.put(subject, answer);
        if (cache.size() > MAX_ENTRIES) {
            cache.entrySet().removeIf(e -> !now.isBefore(e.getValue().until()));
        }
        return answer;
    }

    private static SecurityIdentity decide(SecurityIdentity identity, Answer answer) {
        if (answer.suspended() == null) {
            throw new StandingUnknown();
        }
        if (answer.suspended()) {
            throw new AuthenticationFailedException("account suspended", new AccountSuspended());
        }
        return identity;
    }
}
