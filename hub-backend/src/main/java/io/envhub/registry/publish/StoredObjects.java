package io.envhub.registry.publish;

import io.envhub.registry.storage.ObjectStore;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.jboss.logging.Logger;

/**
 * Checks that an object already in the store holds the bytes its content address names (its size, then its sha256),
 * before a push relies on it. Anything else (a 0-byte or truncated object a refused or crashed push left behind) is
 * treated as absent and rewritten by the push, never trusted.
 */
final class StoredObjects {
    private static final Logger LOG = Logger.getLogger(StoredObjects.class);

    private StoredObjects() {
    }

    /** Whether the object under {@code key}, of {@code storedSize} bytes, is exactly the wheel's bytes. */
    static boolean matches(ObjectStore store, String key, long storedSize, InspectedWheel wheel) {
        if (storedSize != wheel.size()) {
            LOG.warnf("object %s has %d bytes, its address names %d: rewriting it", key, storedSize, wheel.size());
            return false;
        }
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = new DigestInputStream(store.get(key), digest)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean same = HexFormat.of().formatHex(digest.digest()).equals(wheel.sha256());
        if (!same) {
            LOG.warnf("object %s does not hold the bytes its address names: rewriting it", key);
        }
        return same;
    }
}
