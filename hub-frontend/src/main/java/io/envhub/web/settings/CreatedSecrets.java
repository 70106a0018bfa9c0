package io.envhub.web.settings;

import io.envhub.web.hub.SettingsClient.CreatedToken;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A new token's secret between the form post that created it and the one page that shows it (post/redirect/get):
 * kept on the server under a random key (the browser holds only the key, in a cookie), for its creator, for one
 * read and at most {@link #TTL}. Reloading the page cannot show it again, nor create another token. Bounded; held
 * per instance (with several frontend instances, sticky sessions keep the redirect on the same one).
 */
@ApplicationScoped
public class CreatedSecrets {
    /** How long a secret waits for its page. */
    static final Duration TTL = Duration.ofMinutes(5);
    /** Most secrets waiting at once. */
    static final int MAX_ENTRIES = 10_000;

    private record Entry(String owner, CreatedToken token, Instant expires) {
    }

    private final SecureRandom random = new SecureRandom();
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final Clock clock = Clock.systemUTC();

    /** Keeps a created token for {@code owner}; returns the key to read it with. */
    public String put(String owner, CreatedToken token) {
        Instant now = clock.instant();
        entries.values().removeIf(e -> !e.expires().isAfter(now));
        if (entries.size() >= MAX_ENTRIES) {
            // full of fresh entries: refuse to keep more rather than drop someone's secret silently
            throw new IllegalStateException("too many new tokens waiting to be shown");
        }
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String key = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        entries.put(key, new Entry(owner, token, now.plus(TTL)));
        return key;
    }

    /** The created token, once: removed by this read. Empty for unknown, expired, already read, or another user's key. */
    public Optional<CreatedToken> take(String key, String owner) {
        if (key == null || key.isBlank()) {
            return Optional.empty();
        }
        Entry e = entries.get(key);
        if (e == null || !e.owner().equals(owner) || !entries.remove(key, e) || !e.expires().isAfter(clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(e.token());
    }
}
