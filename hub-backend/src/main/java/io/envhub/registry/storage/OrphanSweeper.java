package io.envhub.registry.storage;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Removes stored objects that no row references: artifact objects (left by a push that failed after storing its
 * object, e.g. when the process died) and evaluation-run files (left when the process died between a delete's commit
 * and the removal that follows it, see {@link RemoveAfterCommit}). Only objects older than the grace period are
 * touched, and each is re-checked under its {@link ObjectKeyLock}, the lock a push holds, so an object that a push is
 * about to reference is never removed.
 */
@ApplicationScoped
public class OrphanSweeper {
    private static final Logger LOG = Logger.getLogger(OrphanSweeper.class);
    static final String PREFIX = "artifacts/";
    /** Every prefix whose objects rows reference (artifacts, evaluation runs' results and metadata). */
    static final List<String> PREFIXES = List.of(PREFIX, "evals/");

    private final ObjectStore store;
    private final EntityManager em;
    private final ObjectKeyLock lock;

    public OrphanSweeper(ObjectStore store, EntityManager em, ObjectKeyLock lock) {
        this.store = store;
        this.em = em;
        this.lock = lock;
    }

    @Scheduled(every = "${envhub.storage.sweep-every:1h}", delayed = "5m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        sweep(Duration.ofHours(1));
    }

    /** Sweeps now; returns how many objects were removed. */
    public int sweep(Duration grace) {
        Instant cutoff = Instant.now().minus(grace);
        int removed = 0;
        for (String prefix : PREFIXES) {
            for (ObjectStore.StoredObject object : store.list(prefix)) {
                if (object.lastModified().isBefore(cutoff) && removeIfUnreferenced(object.key())) {
                    removed++;
                }
            }
        }
        if (removed > 0) {
            LOG.infof("removed %d unreferenced object(s)", removed);
        }
        return removed;
    }

    /**
     * In a transaction of its own, under the key's lock: removes the object when no artifact and no evaluation run
     * references it. Returns whether it did.
     */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public boolean removeIfUnreferenced(String key) {
        lock.lock(key);
        long refs = ((Number) em.createNativeQuery("""
                SELECT (SELECT count(*) FROM hub.artifacts WHERE object_key = ?1)
                     + (SELECT count(*) FROM hub.eval_runs WHERE results_key = ?1 OR metadata_key = ?1)""")
                .setParameter(1, key).getSingleResult()).longValue();
        if (refs > 0) {
            return false;
        }
        store.delete(key);
        return true;
    }
}
