package io.envhub.registry.download;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.security.Caller;
import io.envhub.registry.security.ClientAddress;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts downloads: today's row of {@code hub.downloads_daily} and the environment's {@code download_count}, both in
 * one statement and so in one transaction. Every install of a popular environment updates the same two rows, so the
 * row locks must be held as briefly as possible: the statement runs in autocommit (locks taken and released inside
 * the database, never held across a round trip to the JVM), and its commit does not wait for the WAL flush
 * ({@code synchronous_commit} off for this transaction only: a crash may lose the last moments of counts, nothing else).
 */
@ApplicationScoped
public class DownloadCounter {
    private static final String COUNT = """
            WITH today AS (
                INSERT INTO hub.downloads_daily AS d (environment_id, day, count)
                VALUES (?, (now() AT TIME ZONE 'UTC')::date, 1)
                ON CONFLICT (environment_id, day) DO UPDATE SET count = d.count + 1)
            UPDATE hub.environments SET download_count = download_count + 1
            WHERE id = ? AND set_config('synchronous_commit', 'off', true) IS NOT NULL""";

    private static final int MAX_CLIENTS = 200_000;

    private final AgroalDataSource db;
    private final DownloadConfig config;
    private final Caller caller;
    private final ClientAddress address;
    /** (client, environment) to the time (nanos) until which further downloads are not counted. */
    private final ConcurrentHashMap<String, Long> recent = new ConcurrentHashMap<>();

    public DownloadCounter(AgroalDataSource db, DownloadConfig config, Caller caller, ClientAddress address) {
        this.db = db;
        this.config = config;
        this.caller = caller;
        this.address = address;
    }

    /**
     * Counts one download of the environment, unless the same client (signed-in user, else IP address) had one counted
     * within {@link DownloadConfig#dedupWindow()}; call outside any transaction.
     */
    public void count(long environmentId) {
        if (!firstInWindow(environmentId)) {
            return;
        }
        try (Connection c = db.getConnection(); PreparedStatement update = c.prepareStatement(COUNT)) {
            if (!c.getAutoCommit()) {
                throw new IllegalStateException("downloads are counted in autocommit, outside any transaction");
            }
            update.setLong(1, environmentId);
            update.setLong(2, environmentId);
            update.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not count a download of environment " + environmentId, e);
        }
    }

    private boolean firstInWindow(long environmentId) {
        long window = config.dedupWindow().toNanos();
        if (window <= 0) {
            return true;
        }
        Long user = caller.ownerId();
        String key = (user != null ? "u" + user : "ip" + address.current()) + "/" + environmentId;
        long now = System.nanoTime();
        if (recent.size() > MAX_CLIENTS) {
            recent.entrySet().removeIf(e -> e.getValue() - now <= 0);
        }
        boolean[] counted = {false};
        recent.compute(key, (k, until) -> {
            if (until == null || until - now <= 0) {
                counted[0] = true;
                return now + window;
            }
            return until;
        });
        return counted[0];
    }
}
