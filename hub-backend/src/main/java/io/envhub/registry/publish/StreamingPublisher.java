package io.envhub.registry.publish;

import io.envhub.registry.error.ApiException;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.version.Artifact;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Publishes a wheel sent as a raw request body. The caller's right to publish and the file name are checked before
 * the body is read. When the client declares the sha256, the bytes go to the object store under their final key
 * while they arrive (see {@link UploadReceiver}); the archive checks and the rows follow as for any push
 * ({@link PublishService}). A refused push removes the object it wrote unless another push references it.
 */
@ApplicationScoped
public class StreamingPublisher {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private final PublishService publisher;
    private final UploadReceiver receiver;
    private final UnreferencedObjects cleanup;
    private final ObjectStore store;

    public StreamingPublisher(PublishService publisher, UploadReceiver receiver, UnreferencedObjects cleanup, ObjectStore store) {
        this.publisher = publisher;
        this.receiver = receiver;
        this.cleanup = cleanup;
        this.store = store;
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
        String key = declared == null ? null : Artifact.objectKeyFor(declared);
        String streamTo = key != null && length >= 0 && store.size(key).isEmpty() ? key : null;
        UploadReceiver.Received received = receiver.receive(body, length, streamTo);
        try {
            if (declared != null && !declared.equals(received.sha256())) {
                throw new ApiException.Invalid("hash-mismatch", "The upload's sha256 is " + received.sha256()
                        + " but the client declared " + declared + ": the file was corrupted in transit. Push again.");
            }
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
}
