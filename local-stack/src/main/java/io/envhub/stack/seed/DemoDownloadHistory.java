package io.envhub.stack.seed;

import io.envhub.stack.seed.DemoEnvironments.DemoEnvironment;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/**
 * DEMO DATA: backdated daily download counts for the demo environments, so the 30-day download charts and "trending"
 * have something to show on a fresh hub. Past days cannot be produced through the API (it counts downloads today),
 * so this is the one step of the seeder that writes SQL, straight into the stack's own database (schema {@code hub}).
 * Only days before today are written (never overwriting a day that has counts); then each demo environment's
 * {@code download_count} is set to the sum of its days, so totals and charts agree.
 */
final class DemoDownloadHistory {
    static final int DAYS = 29;

    private static final String BACKDATE = """
            INSERT INTO hub.downloads_daily (environment_id, day, count)
            SELECT e.id, (now() AT TIME ZONE 'UTC')::date - d,
                   round(? * (0.5 + ((d * 7 + ?) % 11) / 10.0) * (1.6 - d / 50.0))::bigint
              FROM hub.environments e JOIN hub.owners o ON o.id = e.owner_id,
                   generate_series(1, ?) d
             WHERE lower(o.name) = lower(?) AND e.name = ?
            ON CONFLICT (environment_id, day) DO NOTHING""";

    private static final String TOTAL = """
            UPDATE hub.environments e
               SET download_count = (SELECT coalesce(sum(d.count), 0) FROM hub.downloads_daily d
                                      WHERE d.environment_id = e.id)
              FROM hub.owners o
             WHERE o.id = e.owner_id AND lower(o.name) = lower(?) AND e.name = ?""";

    private final String jdbcUrl;
    private final String user;
    private final String password;

    DemoDownloadHistory(String jdbcUrl, String user, String password) {
        this.jdbcUrl = jdbcUrl;
        this.user = user;
        this.password = password;
    }

    /** A typical daily count for the i-th demo environment: popular ones first. */
    static int dailyBase(int index) {
        return Math.max(2, 40 - index * 6);
    }

    /**
     * Writes the history of every public demo environment in one transaction.
     *
     * @return the number of daily rows written
     */
    int backfill(List<DemoEnvironment> envs) throws SQLException {
        int rows = 0;
        try (Connection c = DriverManager.getConnection(jdbcUrl, user, password)) {
            c.setAutoCommit(false);
            try (PreparedStatement backdate = c.prepareStatement(BACKDATE); PreparedStatement total = c.prepareStatement(TOTAL)) {
                for (int i = 0; i < envs.size(); i++) {
                    DemoEnvironment env = envs.get(i);
                    if (!env.isPublic()) {
                        continue;
                    }
                    backdate.setInt(1, dailyBase(i));
                    backdate.setInt(2, i * 3);
                    backdate.setInt(3, DAYS);
                    backdate.setString(4, env.owner());
                    backdate.setString(5, env.name());
                    rows += backdate.executeUpdate();
                    total.setString(1, env.owner());
                    total.setString(2, env.name());
                    total.executeUpdate();
                }
                c.commit();
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
        return rows;
    }
}
