package io.envhub.registry.publish;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.publish.upload.UploadReceiver;
import io.envhub.registry.security.RateLimiter;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.model.Artifact;
import io.envhub.registry.storage.OrphanSweeper;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The push pipeline, in one straight line: authorise once ({@link PublishService#preflight}, before the body is read),
 * receive (hashed while it arrives; when the client declares the sha256 and the store does not have those bytes yet,
 * written to the object store under their content-addressed key at the same time, see {@link UploadReceiver}, with
 * that key's lock held on a connection outside the pool, {@link ObjectKeyGuard}), inspect the archive once
 * ({@link WheelInspector}), then record the rows in one transaction under the key's lock ({@link PublishService#record}).
 * A push that lies about its hash, is cut off or is refused leaves nothing: {@link PushInProgress} owns the cleanup.
 */
@ApplicationScoped
public class StreamingPublisher {
    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

    private final PublishService publisher;
    private final UploadReceiver receiver;
    private final WheelInspector inspector;
    private final OrphanSweeper objects;
    private final ObjectStore store;
    private final ObjectKeyGuard guard;
    private final RateLimiter limiter;

    public StreamingPublisher(PublishService publisher, UploadReceiver receiver, WheelInspector inspector,
                              OrphanSweeper objects, ObjectStore store, ObjectKeyGuard guard, RateLimiter limiter) {
        this.limiter = limiter;
        this.publisher = publisher;
        this.receiver = receiver;
        this.inspector = inspector;
        this.objects = objects;
        this.store = store;
        this.guard = guard;
    }

    /**
     * Receives and publishes a raw body.
     *
     * @param length the body's Content-Length, or -1 when unknown (then a cut-off body is caught by the sha256)
     * @param declaredSha256 the sha256 the client declares (hex), or null
     */
    public PublishService.Published publish(String owner, String name, String filename, InputStream body, long length,
                                            String declaredSha256, String visibility) {
        String declared = sha256(declaredSha256);
        limiter.acquire(RateLimiter.Action.PUSH);
        long ownerId = publisher.preflight(owner, name, filename);
        try (PushInProgress push = receive(body, length, declared)) {
            return record(ownerId, name, filename, push, visibility, wheel -> { });
        }
    }

    /**
     * Receives a multipart/form-data push (fields {@code file}, {@code sha256}, {@code visibility}) while it arrives
     * ({@link MultipartPush}) and publishes it: one pass over the bytes, streamed to storage when {@code sha256} comes
     * before {@code file}, as the raw PUT does. A {@code sha256} sent after the file is checked at the end.
     */
    public PublishService.Published publishMultipart(String owner, String name, String contentType, InputStream body) {
        limiter.acquire(RateLimiter.Action.PUSH);
        long[] ownerId = new long[1];
        MultipartPush.Parts parts = MultipartPush.read(body, contentType, (filename, content, fields) -> {
            ownerId[0] = publisher.preflight(owner, name, filename);
            return receive(content, -1, sha256(fields.get("sha256")));
        });
        if (parts.file() == null) {
            throw new ApiException.Invalid(ProblemCode.FILE_MISSING, "Send the wheel as the multipart field 'file'.");
        }
        try (PushInProgress push = parts.file()) {
            checkDeclared(push, parts.sha256());
            return record(ownerId[0], name, parts.filename(), push, parts.visibility(), wheel -> { });
        }
    }

    /**
     * Inspects the received archive once, runs the form's own checks on it and records it; the push is recorded only
     * when the rows committed.
     */
    PublishService.Published record(long ownerId, String name, String filename, PushInProgress push,
                                    String visibility, java.util.function.Consumer<InspectedWheel> formChecks) {
        UploadReceiver.Received received = push.received();
        InspectedWheel wheel = inspector.inspect(received.file(), filename, null, received.sha256());
        formChecks.accept(wheel);
        push.uploaded();
        PublishService.Published published = publisher.record(ownerId, name, wheel, visibility, push);
        push.recorded();
        return published;
    }

    /**
     * Receives the body (streaming it to its object under the key's lock when it can: the lock is then held until
     * the push is recorded or given up) and checks the declared hash. The caller closes the returned push.
     */
    PushInProgress receive(InputStream body, long length, String declared) {
        String key = declared == null ? null : Artifact.objectKeyFor(declared);
        ObjectKeyGuard.Held held = key != null ? guard.tryHold(key).orElse(null) : null;
        PushInProgress push = null;
        try {
            push = new PushInProgress(objects, held);
            String streamTo = held != null && store.size(key).isEmpty() ? key : null;
            if (streamTo != null) {
                push.wroteObject(streamTo); // whatever reaches the store under this key goes again if the push fails
            }
            push.received(receiver.receive(body, length, streamTo, declared));
            if (declared != null && !declared.equals(push.received().sha256())) {
                throw mismatch(push.received().sha256(), declared);
            }
            return push;
        } catch (RuntimeException e) {
            if (push != null) {
                push.close();
            } else if (held != null) {
                held.close();
            }
            throw e;
        }
    }

    /** Checks a sha256 the form declared (possibly after the file: nothing was streamed under it then). */
    static void checkDeclared(PushInProgress push, String value) {
        String declared = sha256(value);
        if (declared != null && !declared.equals(push.received().sha256())) {
            throw mismatch(push.received().sha256(), declared);
        }
    }

    static String sha256(String value) {
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
}
