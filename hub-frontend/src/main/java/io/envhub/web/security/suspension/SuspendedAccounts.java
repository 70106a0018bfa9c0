package io.envhub.web.security.suspension;

import io.envhub.contract.http.ProblemException;
import io.envhub.web.error.Problems;
import io.envhub.web.hub.SettingsClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Whether a signed-in user's session is still accepted: hub-backend is asked for the account with the user's own token
 * ({@code GET /api/v1/me}). It refuses every token of a suspended user with 401 (and Keycloak, where the admin console
 * also disables the account and ends its sessions, refuses a new sign-in), so a 401 there, for a session this frontend
 * still holds, means the account was suspended or disabled. Remembered per user for {@link #TTL}, so a
 * suspension reaches a session that is already open within that time, at one backend call per user and TTL. When the
 * backend cannot be asked, the user is not held back (the APIs refuse a suspended user's token on every call anyway).
 */
@ApplicationScoped
public class SuspendedAccounts {
    /** How long an answer is remembered. */
    static final Duration TTL = Duration.ofSeconds(10);
    /** Most users remembered at once. */
    static final int MAX_ENTRIES = 50_000;

    /** A suspension, with the words the backend gave for it. */
    public record Suspension(String detail) {
    }

    private record Known(Suspension suspension, Instant until) {
    }

    private final SettingsClient hub;
    private final Map<String, Known> known = new ConcurrentHashMap<>();
    private final Clock clock;

    public SuspendedAccounts(SettingsClient hub) {
        this.hub = hub;
        this.clock = Clock.systemUTC();
    }

    /** The user's suspension, or null when they may use the hub. Blocking (one backend call at most per TTL). */
    public Suspension of(String username, String bearer) {
        Instant now = clock.instant();
        Known k = known.get(username);
        if (k != null && now.isBefore(k.until())) {
            return k.suspension();
        }
        Suspension s = ask(bearer);
        if (known.size() >= MAX_ENTRIES) {
            known.values().removeIf(e -> !now.isBefore(e.until()));
        }
        known.put(username, new Known(s, now.plus(TTL)));
        return s;
    }

    private Suspension ask(String bearer) {
        try {
            hub.account(bearer);
            return null;
        } catch (WebApplicationException e) {
            int status = Problems.status(e);
            String detail = Problems.detail(e);
            String type = problemType(e);
            if (status == 401 || status == 403 && (mentionsSuspension(type) || mentionsSuspension(detail))) {
                return new Suspension(detail);
            }
            return null;
        } catch (ProcessingException e) {
            return null;
        }
    }

    static boolean mentionsSuspension(String text) {
        return text != null && text.toLowerCase(Locale.ROOT).contains("suspend");
    }

    private static String problemType(WebApplicationException e) {
        if (e.getCause() instanceof ProblemException refused) {
            return refused.problem() == null ? null : refused.problem().type();
        }
        try {
            var res = e.getResponse();
            if (res == null || !res.hasEntity()) {
                return null;
            }
            res.bufferEntity();
            String body = res.readEntity(String.class);
            int at = body.indexOf("\"type\"");
            return at < 0 ? null : body.substring(at, Math.min(body.length(), at + 200));
        } catch (RuntimeException notReadable) {
            return null;
        }
    }

    /** Forgets every answer (tests). */
    void clear() {
        known.clear();
    }
}
