package io.envhub.registry.security;

import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Fixed-window counters per user and per client address, in this instance's memory: with several backend instances
 * each counts on its own (a client may get up to N times the limit). Refusals are 429 problem+json with
 * {@code Retry-After}.
 */
@ApplicationScoped
public class RateLimiter {
    /** Actions that are limited. */
    public enum Action { PUSH, TOKEN, ORG, COMMENT }

    private static final int MAX_KEYS = 100_000;

    private final RateLimitConfig config;
    private final Caller caller;
    private final ClientAddress address;
    private final ConcurrentHashMap<String, Window> windows = new ConcurrentHashMap<>();

    public RateLimiter(RateLimitConfig config, Caller caller, ClientAddress address) {
        this.config = config;
        this.caller = caller;
        this.address = address;
    }

    private record Window(long start, int count) {
    }

    /** Counts one action of the caller; throws 429 when the caller or their address is over the limit. */
    public void acquire(Action action) {
        RateLimitConfig.Limit limit = switch (action) {
            case PUSH -> config.pushes();
            case TOKEN -> config.tokens();
            case ORG -> config.orgs();
            case COMMENT -> config.comments();
        };
        long now = System.nanoTime();
        long window = limit.window().toNanos();
        Long user = caller.ownerId();
        if (user != null) {
            take(action + ":u:" + user, limit.perUser(), now, window, "You have");
        }
        take(action + ":ip:" + address.current(), limit.perIp(), now, window, "Your network address has");
    }

    private void take(String key, int max, long now, long window, String who) {
        if (windows.size() > MAX_KEYS) {
            windows.entrySet().removeIf(e -> now - e.getValue().start() >= window);
        }
        Window w = windows.compute(key, (k, old) -> old == null || now - old.start() >= window
                ? new Window(now, 1) : new Window(old.start(), old.count() + 1));
        if (w.count() > max) {
            long retry = Math.max(1, Duration.ofNanos(window - (now - w.start())).toSeconds() + 1);
            throw new ApiException.TooManyRequests(who + " made too many of these requests (at most " + max + " per "
                    + Duration.ofNanos(window).toSeconds() + " s); try again in " + retry + " s.", retry);
        }
    }
}
