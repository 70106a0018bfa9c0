package io.envhub.registry.security;

import io.agroal.api.AgroalDataSource;
import io.envhub.kit.error.ApiException;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * Fixed-window counters per user and per client address, kept in PostgreSQL ({@code hub.rate_limit_windows},
 * migration V42) so that every hub-backend instance counts against the same window: a client gets the limit once,
 * however many instances a load balancer spreads it over. One upsert per key in a transaction of its own (an action
 * refused later still counts as an attempt); the row lock orders writers from all instances. The user's window is
 * checked first and the address's only when the user may act, as before. Refusals are 429 problem+json with
 * {@code Retry-After}.
 */
@ApplicationScoped
public class RateLimiter {
    /** Actions that are limited. */
    public enum Action { PUSH, TOKEN, ORG, COMMENT }

    private static final Logger LOG = Logger.getLogger(RateLimiter.class);

    /** Counts one action of a key: a new window when the last one is over; answers the count and seconds left. */
    static final String TAKE = """
            INSERT INTO hub.rate_limit_windows AS w (key, window_start, count) VALUES (?, now(), 1)
            ON CONFLICT (key) DO UPDATE SET
              window_start = CASE WHEN w.window_start <= now() - make_interval(secs => ?) THEN now() ELSE w.window_start END,
              count = CASE WHEN w.window_start <= now() - make_interval(secs => ?) THEN 1 ELSE w.count + 1 END
            RETURNING count, extract(epoch FROM w.window_start + make_interval(secs => ?) - now())""";

    private final RateLimitConfig config;
    private final Caller caller;
    private final ClientAddress address;
    private final AgroalDataSource db;

    public RateLimiter(RateLimitConfig config, Caller caller, ClientAddress address, AgroalDataSource db) {
        this.config = config;
        this.caller = caller;
        this.address = address;
        this.db = db;
    }

    /** Counts one action of the caller; throws 429 when the caller or their address is over the limit. */
    public void acquire(Action action) {
        RateLimitConfig.Limit limit = switch (action) {
            case PUSH -> config.pushes();
            case TOKEN -> config.tokens();
            case ORG -> config.orgs();
            case COMMENT -> config.comments();
        };
        Long user = caller.ownerId();
        String ip = address.current();
        // counted in a transaction of its own, committed before a refusal is thrown (an attempt over the limit counts)
        ApiException.TooManyRequests refusal = QuarkusTransaction.requiringNew().call(() -> {
            ApiException.TooManyRequests byUser = user == null ? null
                    : take(action + ":u:" + user, limit.perUser(), limit.window(), "You have");
            return byUser != null ? byUser : take(action + ":ip:" + ip, limit.perIp(), limit.window(), "Your network address has");
        });
        if (refusal != null) {
            throw refusal;
        }
    }

    /**
     * Counts one action under a key of the caller's choosing (e.g. the user of a hosted session, whose steps arrive
     * on a capability URL without a token); throws 429 when the key is over {@code max} per {@code window}.
     *
     * @param key the limited key, e.g. {@code STEP:u:42}
     * @param max most actions per window
     * @param window the window
     */
    public void acquireKey(String key, int max, Duration window) {
        ApiException.TooManyRequests refusal = QuarkusTransaction.requiringNew().call(() -> take(key, max, window, "You have"));
        if (refusal != null) {
            throw refusal;
        }
    }

    private ApiException.TooManyRequests take(String key, int max, Duration window, String who) {
        long count;
        double left;
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(TAKE)) {
            double seconds = window.toMillis() / 1000.0;
            ps.setString(1, key);
            ps.setDouble(2, seconds);
            ps.setDouble(3, seconds);
            ps.setDouble(4, seconds);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                count = rs.getLong(1);
                left = rs.getDouble(2);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("could not count a rate-limited action: " + e.getMessage(), e);
        }
        if (count <= max) {
            return null;
        }
        long retry = Math.max(1, (long) Math.ceil(left));
        return new ApiException.TooManyRequests(who + " made too many of these requests (at most " + max + " per "
                + window.toSeconds() + " s); try again in " + retry + " s.", retry);
    }

    /** Removes windows that ended long ago (every limit's window is at most hours long). */
    @Scheduled(every = "1h", delayed = "5m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void prune() {
        try (Connection c = db.getConnection(); PreparedStatement delete = c.prepareStatement(
                "DELETE FROM hub.rate_limit_windows WHERE window_start < now() - interval '1 day'")) {
            delete.executeUpdate();
        } catch (SQLException e) {
            LOG.warnf("could not prune old rate-limit windows: %s", e.getMessage());
        }
    }
}
