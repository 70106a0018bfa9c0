package io.envhub.registry.publish;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.RateLimiter;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;

/**
 * PyPI's legacy upload ({@code POST /legacy/}, what {@code twine upload} and {@code uv publish} send) on the hub's one
 * push pipeline ({@link StreamingPublisher}: the same preflight, streaming receive, archive inspection, immutability,
 * validation job and cleanup as {@code POST .../versions}); only the form differs ({@link LegacyUploadForm}). The
 * environment is the wheel's project under the owner: the caller's own namespace, or the organisation in the URL.
 */
@ApplicationScoped
public class LegacyUploadService {
    private final StreamingPublisher pipeline;
    private final PublishService publisher;
    private final AccessPolicy access;
    private final RateLimiter limiter;

    public LegacyUploadService(StreamingPublisher pipeline, PublishService publisher, AccessPolicy access,
                               RateLimiter limiter) {
        this.pipeline = pipeline;
        this.publisher = publisher;
        this.access = access;
        this.limiter = limiter;
    }

    /**
     * Receives and publishes one legacy upload.
     *
     * @param ownerName the namespace to publish into, or null for the caller's own
     */
    public PublishService.Published upload(String ownerName, String contentType, InputStream body) {
        String owner = ownerName != null ? ownerName : access.requireSignedIn().name;
        limiter.acquire(RateLimiter.Action.PUSH);
        long[] ownerId = new long[1];
        String[] project = new String[1];
        MultipartPush.Parts parts = MultipartPush.read(body, contentType, LegacyUploadForm.FORM, (filename, content, fields) -> {
            LegacyUploadForm.checkBeforeFile(fields);
            project[0] = projectOf(filename);
            ownerId[0] = publisher.preflight(owner, project[0], filename);
            return pipeline.receive(content, -1, StreamingPublisher.sha256(fields.get(LegacyUploadForm.SHA256)));
        });
        if (parts.file() == null) {
            throw new ApiException.Invalid(ProblemCode.FILE_MISSING, "Send the wheel as the multipart field 'content'.");
        }
        try (PushInProgress push = parts.file()) {
            StreamingPublisher.checkDeclared(push, parts.field(LegacyUploadForm.SHA256));
            return pipeline.record(ownerId[0], project[0], parts.filename(), push, null,
                    wheel -> LegacyUploadForm.checkReceived(parts.fields(), wheel, push.received().file()));
        }
    }

    /** The distribution part of a wheel's file name (PEP 427: up to the first '-'). */
    private static String projectOf(String filename) {
        int dash = filename.indexOf('-');
        return dash > 0 ? filename.substring(0, dash) : filename;
    }
}
