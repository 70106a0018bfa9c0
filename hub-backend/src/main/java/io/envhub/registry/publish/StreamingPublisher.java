package io.envhub.registry.publish;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.RateLimiter;
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
    private final RateLimiter limiter;

    public StreamingPublisher(PublishService publisher, UploadReceiver receiver, UnreferencedObjects cleanup, ObjectStore store,
                              ObjectKeyGuard guard, RateLimiter limiter) {
        this.limiter = limiter;
        this.publisher = publisher;
        this.receiver = receiver;
        this.cleanup = cleanup;
        this.store = store;
        this.guard = guard;
    }

    /**
     * Receives and publishes.
     *
     * @param length the body's Content-Length, or -1 when unknown (then a cut-off body is caught by the sha256)
     * @param declaredSha256 the sha256 the client declares (hex), or null
     */
    public PublishService.Published publish(String owner, String name, String filename, InputStream body, long length,
                                            String declaredSha256, String visibility) {
        String declared = sha256(declaredSha256);
        limiter.acquire(RateLimiter.Action.PUSH);
        publisher.preflight(owner, name, filename);
        return publish(owner, name, filename, receive(body, length, declared), visibility);
    }

    /**
     * Receives a multipart/form-data push (fields {@code file}, {@code sha256}, {@code visibility}) while it arrives
     * ({@link MultipartPush}) and publishes it: one pass over the bytes, streamed to storage when {@code sha256} comes
     * before {@code file}, as the raw PUT does. A {@code sha256} sent after the file is checked at the end.
     */
    public PublishService.Published publishMultipart(String owner, String name, String contentType, InputStream body) {
        limiter.acquire(RateLimiter.Action.PUSH);
        MultipartPush.Parts parts = MultipartPush.read(body, contentType, (filename, content, sha) -> {
            publisher.preflight(owner, name, filename);
            return receive(content, -1, sha256(sha));
        }, this::abandon);
        if (parts.file() == null) {
            throw new ApiException.Invalid(ProblemCode.FILE_MISSING, "Send the wheel as the multipart field 'file'.");
        }
        try {
            String declared = sha256(parts.sha256());
            if (declared != null && !declared.equals(parts.file().sha256())) {
                throw mismatch(parts.file().sha256(), declared); // sent after the file: nothing was streamed under it
            }
        } catch (RuntimeException e) {
            abandon(parts.file());
            throw e;
        }
        return publish(owner, name, parts.filename(), parts.file(), parts.visibility());
    }

    private PublishService.Published publish(String owner, String name, String filename, UploadReceiver.Received received,
                                             String visibility) {
        PublishService.Published published;
        try {
            published = publisher.publish(owner, name, received.file(), received.sha256(), filename, null, visibility,
                    received.storedKey());
        } catch (RuntimeException e) {
            abandon(received);
            throw e;
        }
        UploadReceiver.deleteQuietly(received.file());
        return published;
    }

    /** Removes what a push that is refused after its file was received left: the local file and a streamed object. */
    private void abandon(UploadReceiver.Received received) {
        UploadReceiver.deleteQuietly(received.file());
        if (received.storedKey() != null) {
            cleanup.deleteIfUnreferenced(received.storedKey());
        }
    }

    private void deleteQuietly(String key) {
        try {
            store.delete(key);
        } catch (RuntimeException e) {
            org.jboss.logging.Logger.getLogger(StreamingPublisher.class)
                    .warnf("could not remove object %s of a refused push (the sweeper will): %s", key, e.getMessage());
        }
    }

    private static String sha256(String value) {
        String declared = value == null || value.isBlank() ? null : value.strip().toLowerCase(Locale.ROOT);
        if (declared != null && !SHA256.matcher(declared).matches()) {
            throw new ApiException.Invalid(ProblemCode.INVALID_SHA256, "sha256 must be 64 hexadecimal digits.");
        }
        return declared;
    }

    private static ApiException mismatch(String actual, String declared) {
        return new ApiException.Invalid(ProblemCode.HASH_MISMATCH, "The upload's sha256 is " + actual + " but the client declared "
                + declared + ": the file was corrupted in transit. Push again.");
    }

    /** Receives the body (streaming it to its object under the key's lock when it can) and checks the declared hash. */
    private UploadReceiver.Received receive(InputStream body, long length, String declared) {
        String key = declared == null ? null : Artifact.objectKeyFor(declared);
        Optional<ObjectKeyGuard.Held> held = key != null ? guard.tryHold(key) : Optional.empty();
        try {
            String streamTo = held.isPresent() && store.size(key).isEmpty() ? key : null;
            UploadReceiver.Received received;
            try {
                received = receiver.receive(body, length, streamTo);
            } catch (RuntimeException e) {
                if (streamTo != null) {
                    // refused (empty, cut off, too large): whatever reached the store under this key goes, still under the lock
                    deleteQuietly(streamTo);
                }
                throw e;
            }
            if (declared != null && !declared.equals(received.sha256())) {
                UploadReceiver.deleteQuietly(received.file());
                if (received.storedKey() != null) {
                    store.delete(received.storedKey()); // still under the lock: nobody can have referenced it
                }
                throw mismatch(received.sha256(), declared);
            }
            return received;
        } finally {
            held.ifPresent(ObjectKeyGuard.Held::close);
        }
    }
}
