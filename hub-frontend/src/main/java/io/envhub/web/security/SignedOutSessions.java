package io.envhub.web.security;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Sign-in sessions that were signed out here: a copy of the session cookie taken before the sign-out must not keep
 * working until its tokens expire. Each entry lives until the session's ID token (and the grace Quarkus gives the
 * session cookie beyond it) has expired; afterwards the cookie is dead anyway. Bounded: when full, the entries that
 * expire soonest go first. Held in memory per instance (several frontend instances need sticky sessions, or each
 * instance only knows its own sign-outs: the Keycloak session is ended either way, see {@code SignOutResource}).
 */
@ApplicationScoped
public class SignedOutSessions {
    /** Most sessions remembered at once (about 100 bytes each). */
    static final int MAX_ENTRIES = 100_000;

    private final Map<String, Instant> until = new ConcurrentHashMap<>();
    private final Clock clock;

    public SignedOutSessions() {
        this(Clock.systemUTC());
    }

    SignedOutSessions(Clock clock) {
        this.clock = clock;
    }

    /** The key of the session an ID token belongs to: Keycloak's session id, else subject and sign-in time. */
    public static String key(JsonWebToken idToken) {
        Object sid = idToken.getClaim("sid");
        if (sid != null && !sid.toString().isBlank()) {
            return "sid:" + sid;
        }
        return "sub:" + idToken.getSubject() + "@" + idToken.getClaim("auth_time");
    }

    /** Remembers a signed-out session until {@code expires}. */
    public void add(String key, Instant expires) {
        Instant now = clock.instant();
        if (until.size() >= MAX_ENTRIES) {
            until.values().removeIf(t -> !t.isAfter(now));
        }
        while (until.size() >= MAX_ENTRIES) {
            until.entrySet().stream().min(Map.Entry.comparingByValue(Comparator.naturalOrder()))
                    .ifPresent(e -> until.remove(e.getKey(), e.getValue()));
        }
        until.merge(key, expires, (a, b) -> a.isAfter(b) ? a : b);
    }

    /** Whether this session was signed out (and its tokens could still be valid). */
    public boolean contains(String key) {
        Instant expires = until.get(key);
        if (expires == null) {
            return false;
        }
        if (!expires.isAfter(clock.instant())) {
            until.remove(key, expires);
            return false;
        }
        return true;
    }

    /** How many sessions are remembered. */
    int size() {
        return until.size();
    }
}
