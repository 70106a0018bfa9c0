package io.envhub.registry.publish;

import io.envhub.registry.error.ApiException;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.version.Artifact;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * Publishes a wheel sent as a raw request body. The caller's right to publish and the file name are checked before
 * the body is read. When the client declares the sha256 (and the store does not have those bytes yet), the bytes go
 * to the object store while they arrive, under an upload key of this push alone (see {@link UploadReceiver}); once
 * their sha256 is checked, the artifact references that object where it is ({@link PublishService}). A
 * content-addressed object is only ever written with bytes whose sha256 was checked, so a push that lies about its
 * hash, or is cut off, next to a good push of the same bytes cannot spoil it. An upload object no artifact
 * references is removed at once (or by the orphan sweeper after a crash).
 */
@ApplicationScoped
public class StreamingPublisher {
    private static final Logger LOG = Logger.getLogger(StreamingPublisher.class);
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private final PublishService publisher;
    private final UploadReceiver receiver;
    private final ObjectStore store;

    public StreamingPublisher(PublishService publisher, UploadReceiver receiver, ObjectStore store) {
        this.publisher = publisher;
        this.receiver = receiver;
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
        boolean stream = declared != null && length >= 0 && store.size(Artifact.objectKeyFor(declared)).isEmpty();
        UploadReceiver.Received received = receiver.receive(body, length, stream ? Artifact.newUploadKey() : null);
        boolean referenced = false;
        try {
            if (declared != null && !declared.equals(received.sha256())) {
                throw new ApiException.Invalid("hash-mismatch", "The upload's sha256 is " + received.sha256()
                        + " but the client declared " + declared + ": the file was corrupted in transit. Push again.");
            }
            PublishService.Published published = publisher.publish(owner, name, received.file(), received.sha256(), filename,
                    null, visibility, received.storedKey());
            referenced = received.storedKey() != null && publisher.references(received.storedKey());
            return published;
        } finally {
            UploadReceiver.deleteQuietly(received.file());
            if (received.storedKey() != null && !referenced) {
                removeStaged(received.storedKey());
            }
        }
    }

    private void removeStaged(String key) {
        try {
            store.delete(key);
        } catch (RuntimeException e) {
            LOG.warnf("could not remove the upload object %s (the orphan sweeper will): %s", key, e.getMessage());
        }
    }
}
