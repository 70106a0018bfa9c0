package io.envhub.registry.publish;

import io.envhub.registry.storage.ObjectStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import org.jboss.logging.Logger;

/**
 * Removes an object a failed push wrote, unless an artifact references it. Runs in its own transaction under the
 * same advisory lock on the key that publishing takes, so it never removes bytes a concurrent push has just
 * recorded (a concurrent push that finds the object gone writes it again from its own copy).
 */
@ApplicationScoped
public class UnreferencedObjects {
    private static final Logger LOG = Logger.getLogger(UnreferencedObjects.class);

    private final EntityManager em;
    private final ObjectStore store;

    public UnreferencedObjects(EntityManager em, ObjectStore store) {
        this.em = em;
        this.store = store;
    }

    /** Deletes the object when no artifact row references it; failures are logged (the orphan sweeper retries). */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void deleteIfUnreferenced(String key) {
        try {
            em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtextextended(?1, 0))").setParameter(1, key).getSingleResult();
            Number refs = (Number) em.createNativeQuery("SELECT count(*) FROM hub.artifacts WHERE object_key = ?1")
                    .setParameter(1, key).getSingleResult();
            if (refs.longValue() == 0) {
                store.delete(key);
            }
        } catch (RuntimeException e) {
            LOG.warnf("could not remove object %s after a failed push (the sweeper will): %s", key, e.getMessage());
        }
    }
}
