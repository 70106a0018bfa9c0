package io.envhub.registry.publish;

import io.envhub.registry.publish.upload.UploadReceiver;
import io.envhub.registry.storage.OrphanSweeper;
import org.jboss.logging.Logger;

/**
 * One push from its first received byte to its recorded rows, and the one owner of what it leaves behind: the local
 * file, the object key's lock while the push streams under it ({@link ObjectKeyGuard}), and an object the push wrote.
 * {@link #close} releases the lock, removes the file and, unless the push was recorded, removes the object it wrote
 * when no row references it (in a transaction of its own under the key's lock: a push of the same bytes that recorded
 * it meanwhile keeps it; if the process dies first, the orphan sweeper removes it).
 */
final class PushInProgress implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PushInProgress.class);

    private final OrphanSweeper objects;
    private ObjectKeyGuard.Held lock;
    private UploadReceiver.Received received;
    private String written;
    private boolean recorded;

    /** @param lock the object key's lock, held while the bytes stream to that object, or null */
    PushInProgress(OrphanSweeper objects, ObjectKeyGuard.Held lock) {
        this.objects = objects;
        this.lock = lock;
    }

    /** The bytes arrived (and, when {@code received.storedKey()} is set, were written to that object). */
    void received(UploadReceiver.Received received) {
        this.received = received;
        if (received.storedKey() != null) {
            written = received.storedKey();
        }
    }

    UploadReceiver.Received received() {
        return received;
    }

    /**
     * Releases the object key's lock taken for the upload, before the push is recorded in a transaction that takes the
     * same lock: held on into that transaction, the push would wait for a pooled connection while holding a lock that
     * transactions on pooled connections wait for, a deadlock PostgreSQL cannot see.
     */
    void uploaded() {
        if (lock != null) {
            lock.close();
            lock = null;
        }
    }

    /** Whether the object under {@code key} holds this push's bytes because this push wrote them. */
    boolean wrote(String key) {
        return key.equals(written);
    }

    /** This push wrote the object under {@code key} (removed on close unless the push is recorded). */
    void wroteObject(String key) {
        written = key;
    }

    /** The rows are committed: the object stays. */
    void recorded() {
        recorded = true;
    }

    @Override
    public void close() {
        if (lock != null) {
            lock.close(); // first: removing the object takes the same lock
        }
        if (received != null) {
            UploadReceiver.deleteQuietly(received.file());
        }
        if (!recorded && written != null) {
            try {
                objects.removeIfUnreferenced(written);
            } catch (RuntimeException e) {
                LOG.warnf("could not remove object %s of a refused push (the sweeper will): %s", written, e.getMessage());
            }
        }
    }
}
