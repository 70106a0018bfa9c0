package io.envhub.registry.publish;

import io.envhub.contract.Problem;
import io.envhub.contract.ProblemCode;
import io.envhub.registry.publish.upload.UploadConfig;
import io.vertx.core.json.Json;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.regex.Pattern;

/**
 * Refuses a push whose declared Content-Length is over the limit with 413 problem+json before the body is read.
 * (Bodies without a length are still capped by quarkus.http.limits.max-body-size and by the service.)
 */
@ApplicationScoped
public class UploadLimitFilter {
    private static final Pattern PUSH_PATH = Pattern.compile("^/api/v1/environments/[^/]+/[^/]+/(versions/?|files/[^/]+)$"
            + "|^/legacy(/[^/]+)?/?$");
    /** Room for the multipart envelope around the file. */
    private static final long MULTIPART_OVERHEAD = 64 * 1024;

    void install(@Observes Router router, UploadConfig config) {
        long limit = config.maxBytes() + MULTIPART_OVERHEAD;
        router.route().order(-1000).handler(ctx -> {
            String length = ctx.request().getHeader("Content-Length");
            HttpMethod method = ctx.request().method();
            boolean push = method == HttpMethod.POST || method == HttpMethod.PUT;
            if (push && length != null && PUSH_PATH.matcher(ctx.request().path()).matches() && parse(length) > limit) {
                Problem problem = new Problem(ProblemCode.TOO_LARGE.type(), "Upload too large", 413,
                        "The upload is " + length.trim() + " bytes; the limit is " + config.maxBytes() + " bytes per file.", null);
                ctx.response().setStatusCode(413).putHeader("Content-Type", Problem.MEDIA_TYPE)
                        .putHeader("Connection", "close").end(Json.encode(problem));
                return;
            }
            ctx.next();
        });
    }

    private static long parse(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
