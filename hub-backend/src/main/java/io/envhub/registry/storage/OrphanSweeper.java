package io.envhub.registry.storage;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.Duration;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Removes artifact objects that no artifact row references (left by a push that failed after storing its object,
 * e.g. when the process died). Only objects older than the grace period are touched, and each is re-checked under
 * the same advisory lock a push holds, so an object that a push is about to reference is never removed.
 */
@ApplicationScoped
public class OrphanSweeper {
    private static final Logger LOG = Logger.getLogger(OrphanSweeper.class);
    static final String PREFIX = "artifacts/";

    private final ObjectStore store;
    private final EntityManager em;

    public OrphanSweeper(ObjectStore store, EntityManager em) {
        this.store = store;
        this.em = em;
    }

    @Scheduled(every = "${envhub.storage.sweep-every:1h}", delayed = "5m", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        sweep(Duration.ofHours(1));
    }

    /** Sweeps now; returns how many objects were removed. */
    public int sweep(Duration grace) {
        Instant cutoff = Instant.now().minus(grace);
        int removed = 0;
        for (ObjectStore.StoredObject object : store.list(PREFIX)) {
            if (object.lastModified().isBefore(cutoff) && removeIfUnreferenced(object.key())) {
                removed++;
            }
        }
        if (removed > 0) {
            LOG.infof("removed %d unreferenced artifact object(s)", removed);
        }
        return removed;
    }

    @Transactional
    boolean removeIfUnreferenced(String key) {
        em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtextextended(?1, 0))").setParameter(1, key).getSingleResult();
        long refs = ((Number) em.createNativeQuery("SELECT count(*) FROM hub.artifacts WHERE object_key = ?1")
                .setParameter(1, key).getSingleResult()).longValue();
        if (refs > 0) {
            return false;
        }
        store.delete(key);
        return true;
    }
}
