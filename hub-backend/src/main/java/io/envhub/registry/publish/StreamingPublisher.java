package io.envhub.registry.publish;

import io.envhub.registry.error.ApiException;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.version.Artifact;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Publishes a wheel sent as a raw request body. The caller's right to publish and the file name are checked before
 * the body is read. When the client declares the sha256 and the store does not have those bytes yet, the bytes go to
 * the object store under their content-addressed key while they arrive (see {@link UploadReceiver}), with that key's
 * advisory lock held ({@link ObjectKeyGuard}) until their sha256 is checked: a push that lies about its hash, or is
 * cut off, removes what it wrote before anyone can reference it, and a good push of the same bytes waits instead of
 * racing it. The archive checks and the rows follow as for any push ({@link PublishService}). A push refused after
 * that removes the object it wrote unless another push references it.
 */
@ApplicationScoped
public class StreamingPublisher {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private final PublishService publisher;
    private final UploadReceiver receiver;
    private final UnreferencedObjects cleanup;
    private final ObjectStore store;
    private final ObjectKeyGuard guard;

    public StreamingPublisher(PublishService publisher, UploadReceiver receiver, UnreferencedObjects cleanup, ObjectStore store,
                              ObjectKeyGuard guard) {
        this.publisher = publisher;
        this.receiver = receiver;
        this.cleanup = cleanup;
        this.store = store;
        this.guard = guard;
    }

    /**
     * Receives and publishes.
     *
     * @param length the body's Content-Length, or -1 when unknown
     * @param declaredSha256 the sha256 the client declares (hex), or null
     */
    public PublishService.Published publish(String owner, String name, String filename, InputStream body, long length,
                                            String declaredSha256, String visibility) {
        String declared = declaredSha256 == null || declaredSha256.isBlank() ? null
                : declaredSha256.strip().toLowerCase(Locale.ROOT);
        if (declared != null && !SHA256.matcher(declared).matches()) {
            throw new ApiException.Invalid("invalid-sha256", "sha256 must be 64 hexadecimal digits.");
        }
        publisher.preflight(owner, name, filename);
        UploadReceiver.Received received = receive(body, length, declared);
        try {
            return publisher.publish(owner, name, received.file(), received.sha256(), filename, null, visibility);
        } catch (RuntimeException e) {
            if (received.storedKey() != null) {
                cleanup.deleteIfUnreferenced(received.storedKey());
            }
            throw e;
        } finally {
            UploadReceiver.deleteQuietly(received.file());
        }
    }

    /** Receives the body (streaming it to its object under the key's lock when it can) and checks the declared hash. */
    private UploadReceiver.Received receive(InputStream body, long length, String declared) {
        String key = declared == null ? null : Artifact.objectKeyFor(declared);
        Optional<ObjectKeyGuard.Held> held = key != null && length >= 0 ? guard.tryHold(key) : Optional.empty();
        try {
            String streamTo = held.isPresent() && store.size(key).isEmpty() ? key : null;
            UploadReceiver.Received received = receiver.receive(body, length, streamTo);
            if (declared != null && !declared.equals(received.sha256())) {
                UploadReceiver.deleteQuietly(received.file());
                if (received.storedKey() != null) {
                    store.delete(received.storedKey()); // still under the lock: nobody can have referenced it
                }
                throw new ApiException.Invalid("hash-mismatch", "The upload's sha256 is " + received.sha256()
                        + " but the client declared " + declared + ": the file was corrupted in transit. Push again.");
            }
            return received;
        } finally {
            held.ifPresent(ObjectKeyGuard.Held::close);
        }
    }
}
