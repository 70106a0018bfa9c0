package io.envhub.registry.storage;

/** The object store failed; mapped to 503 so clients retry. */
public class StorageException extends RuntimeException {
    public StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}
