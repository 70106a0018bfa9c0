package io.envhub.registry.persistence;

import io.agroal.api.AgroalDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jboss.logging.Logger;

/**
 * Asks the database to look after a table it keeps by trigger (trending's seven-day sums, the search documents' most
 * downloaded quarter): one call of a function that answers whether it changed anything. Every backend instance asks
 * at start and on a schedule; the function's own locks serialize instances that ask at once.
 */
public final class KeptTableRefresh {
    private static final Logger LOG = Logger.getLogger(KeptTableRefresh.class);

    private final AgroalDataSource db;
    private final String call;
    private final String what;

    /**
     * {@code call}: a {@code SELECT} of one boolean (true when the table changed); {@code what}: what a change is, for
     * the log ("trending's window moved to today").
     */
    public KeptTableRefresh(AgroalDataSource db, String call, String what) {
        this.db = db;
        this.call = call;
        this.what = what;
    }

    /** Runs the call; true when it changed the table. Never throws: a failure is logged and answers false. */
    public boolean run() {
        try (Connection c = db.getConnection(); PreparedStatement ps = c.prepareStatement(call);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            boolean changed = rs.getBoolean(1);
            if (changed) {
                LOG.info(what);
            }
            return changed;
        } catch (SQLException e) {
            LOG.warnf("%s failed: %s", call, e.getMessage());
            return false;
        }
    }
}
