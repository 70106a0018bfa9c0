package io.envhub.registry.download;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

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

    private final AgroalDataSource db;

    public DownloadCounter(AgroalDataSource db) {
        this.db = db;
    }

    /** Counts one download of the environment; call outside any transaction. */
    public void count(long environmentId) {
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
}
