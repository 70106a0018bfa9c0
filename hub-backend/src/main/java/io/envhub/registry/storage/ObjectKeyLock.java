package io.envhub.registry.storage;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.util.Collection;
import java.util.TreeSet;

/**
 * The PostgreSQL advisory lock of a stored object's key: every transaction that writes, references or removes an
 * object holds it, so a push never records a reference to an object that a delete or a sweep is removing, and a
 * removal never takes bytes a push has just referenced. The lock id is {@code hashtextextended(key, 0)}; the
 * transaction-scoped form is taken here, the session-scoped form (a streamed push, which holds it across its upload
 * on a connection of its own, see {@code ObjectKeyGuard}) uses the SQL constants below, so both derive the same id.
 */
@ApplicationScoped
public class ObjectKeyLock {
    /** Takes the lock of the key in the first parameter until the transaction ends. */
    static final String XACT_LOCK = "SELECT pg_advisory_xact_lock(hashtextextended(?1, 0))";
    /** JDBC: takes the session lock of the key in the first parameter if it is free; returns whether it did. */
    public static final String TRY_SESSION_LOCK = "SELECT pg_try_advisory_lock(hashtextextended(?, 0))";
    /** JDBC: releases the session lock of the key in the first parameter. */
    public static final String SESSION_UNLOCK = "SELECT pg_advisory_unlock(hashtextextended(?, 0))";

    private final EntityManager em;

    public ObjectKeyLock(EntityManager em) {
        this.em = em;
    }

    /** Takes the lock of {@code key}, held until the current transaction ends (waits while another holds it). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void lock(String key) {
        em.createNativeQuery(XACT_LOCK).setParameter(1, key).getSingleResult();
    }

    /** Takes the locks of all {@code keys} in one fixed (sorted) order, so two transactions never wait on each other. */
    @Transactional(Transactional.TxType.MANDATORY)
    public void lockAll(Collection<String> keys) {
        for (String key : new TreeSet<>(keys)) {
            lock(key);
        }
    }
}
