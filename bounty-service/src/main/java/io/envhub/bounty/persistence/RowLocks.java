package io.envhub.bounty.persistence;

import io.quarkus.hibernate.orm.panache.Panache;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import java.util.Optional;

/**
 * Row locks that return what the row holds once the lock is granted. {@code find(type, id, PESSIMISTIC_WRITE)} alone
 * is not enough: when the transaction has already loaded the entity (to read its bounty id, say), Hibernate takes the
 * lock but keeps the state it read before, so a decision could be taken on a status another transaction has changed
 * meanwhile (an approval and a rejection of one submission both succeeding). Refreshing under the lock re-reads it.
 */
public final class RowLocks {
    private RowLocks() {
    }

    /** The entity with this id, its row locked {@code FOR UPDATE} and its state read after the lock was granted. */
    public static <T> Optional<T> lockedById(Class<T> type, Object id) {
        EntityManager em = Panache.getEntityManager(type);
        T entity = em.find(type, id);
        if (entity == null) {
            return Optional.empty();
        }
        em.refresh(entity, LockModeType.PESSIMISTIC_WRITE);
        return Optional.of(entity);
    }
}
