package io.envhub.registry.storage;

import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;

/** The one door to object storage. Objects are written once under content-derived keys. */
public interface ObjectStore {
    /** Stores {@code size} bytes (or unknown length when negative) under {@code key}. */
    void put(String key, InputStream data, long size, String contentType);

    /**
     * Opens the object for reading; the caller closes the stream.
     *
     * @throws StorageException when the object is missing or the store fails
     */
    InputStream get(String key);

    /**
     * Opens {@code length} bytes of the object from {@code offset} (one ranged GET); the caller closes the stream.
     *
     * @throws StorageException when the object is missing or the store fails
     */
    InputStream get(String key, long offset, long length);

    /** The object's size in bytes, if it exists. */
    Optional<Long> size(String key);

    /** Removes the object; removing a missing object is not an error. */
    void delete(String key);

    /** A URL that lets anyone GET the object until it expires. */
    default String presignedGet(String key, Duration ttl) {
        return presignedGet(key, ttl, null);
    }

    /**
     * A URL that lets anyone GET the object until it expires, answered as an attachment with the given file name (so
     * a browser saves {@code reverse_text-0.1.4-py3-none-any.whl}, not the content-addressed key).
     *
     * @param downloadName file name for Content-Disposition, or null for none
     */
    String presignedGet(String key, Duration ttl, String downloadName);

    /** One stored object as listed. */
    record StoredObject(String key, long size, java.time.Instant lastModified) {
    }

    /** Every object whose key starts with {@code prefix} (all pages). */
    java.util.List<StoredObject> list(String prefix);

    /** True when the store answers and the bucket exists. */
    boolean isReachable();
}
