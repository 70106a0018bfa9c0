package io.envhub.registry.publish;

import io.envhub.registry.storage.ObjectKeyLock;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Lets a streamed push write a content-addressed object while its bytes arrive, before their sha256 is known to be
 * right, without anyone else seeing that object: the push holds the {@link ObjectKeyLock} of the object key (the lock every
 * transaction that writes, references or removes that object takes) for the whole upload. A session-level lock would
 * outlive a transaction, so it lives on a connection of its own, outside the pool: closing the connection always
 * ends the session, and with it the lock. At most {@value #SLOTS} pushes stream at once; a push that gets no slot or
 * finds the lock taken (another push of the same bytes) takes the unstreamed path, which waits for the lock when it
 * publishes.
 */
@ApplicationScoped
public class ObjectKeyGuard {
    /** Pushes that may stream (and hold a connection) at the same time. */
    static final int SLOTS = 8;
    private static final Logger LOG = Logger.getLogger(ObjectKeyGuard.class);

    private final Semaphore slots = new Semaphore(SLOTS);
    private final String url;
    private final String user;
    private final Optional<String> password;

    public ObjectKeyGuard(@ConfigProperty(name = "quarkus.datasource.jdbc.url") String url,
                          @ConfigProperty(name = "quarkus.datasource.username") String user,
                          @ConfigProperty(name = "quarkus.datasource.password") Optional<String> password) {
        this.url = url;
        this.user = user;
        this.password = password;
    }

    /** The lock of one object key, held until {@link #close}. */
    public final class Held implements AutoCloseable {
        private final Connection connection;
        private final String key;

        private Held(Connection connection, String key) {
            this.connection = connection;
            this.key = key;
        }

        /**
         * Releases the lock and the slot. The explicit unlock returns only once the lock is free; closing the
         * connection alone frees it a moment later, when the server notices the session ended.
         */
        @Override
        public void close() {
            try (PreparedStatement ps = connection.prepareStatement(ObjectKeyLock.SESSION_UNLOCK)) {
                ps.setString(1, key);
                ps.execute();
            } catch (SQLException e) {
                LOG.debugf("unlocking an advisory lock (closing its session frees it too): %s", e.getMessage());
            }
            try {
                connection.close();
            } catch (SQLException e) {
                LOG.debugf("closing an advisory-lock connection: %s", e.getMessage());
            } finally {
                slots.release();
            }
        }
    }

    /** Takes the lock of {@code key} if it is free and a slot is; empty otherwise (then do not stream). */
    public Optional<Held> tryHold(String key) {
        if (!slots.tryAcquire()) {
            return Optional.empty();
        }
        Connection c = null;
        try {
            c = DriverManager.getConnection(url, user, password.orElse(""));
            try (PreparedStatement ps = c.prepareStatement(ObjectKeyLock.TRY_SESSION_LOCK)) {
                ps.setString(1, key);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next() && rs.getBoolean(1)) {
                        return Optional.of(new Held(c, key));
                    }
                }
            }
        } catch (SQLException e) {
            LOG.warnf("no advisory lock for a streamed push (it takes the unstreamed path): %s", e.getMessage());
        }
        closeQuietly(c);
        slots.release();
        return Optional.empty();
    }

    private static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException e) {
                LOG.debugf("closing an advisory-lock connection: %s", e.getMessage());
            }
        }
    }
}
