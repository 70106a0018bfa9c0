package io.envhub.registry.storage;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import org.jboss.logging.Logger;

/**
 * Removes the stored objects of deleted rows once the delete has committed, never before: a delete that rolls back
 * keeps its rows and their objects. After the commit each object is removed in a transaction of its own, under its
 * {@link ObjectKeyLock}, only if no row references it by then (a push of the same bytes may have referenced it in
 * between). When the process dies between the commit and the removal, {@link OrphanSweeper} removes the object later.
 */
@ApplicationScoped
public class RemoveAfterCommit {
    private static final Logger LOG = Logger.getLogger(RemoveAfterCommit.class);

    private final TransactionSynchronizationRegistry transactions;
    private final OrphanSweeper sweeper;

    public RemoveAfterCommit(TransactionSynchronizationRegistry transactions, OrphanSweeper sweeper) {
        this.transactions = transactions;
        this.sweeper = sweeper;
    }

    /** Schedules the removal of {@code keys} for when the current transaction commits (nothing when it rolls back). */
    public void removeUnreferenced(Collection<String> keys) {
        List<String> sorted = List.copyOf(new TreeSet<>(keys));
        if (sorted.isEmpty()) {
            return;
        }
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    sorted.forEach(RemoveAfterCommit.this::removeQuietly);
                }
            }
        });
    }

    private void removeQuietly(String key) {
        try {
            sweeper.removeIfUnreferenced(key);
        } catch (RuntimeException e) {
            LOG.warnf("could not remove %s after its rows were deleted (the orphan sweeper will): %s", key, e.getMessage());
        }
    }
}
