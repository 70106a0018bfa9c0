package io.envhub.bounty.security;

import io.quarkus.security.AuthenticationFailedException;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * 401 answers as {@code application/problem+json} (type {@code https://envhub.dev/problems/unauthorized}) instead of
 * an empty body, for tokens quarkus-oidc refuses before any resource runs (wrong audience, an ID token, no subject,
 * expired, forged). Anonymous calls to endpoints that need a sign-in get the service kit's 401 problem.
 */
@ApplicationScoped
public class SignInProblem {
    /** The media type of problem documents. */
    public static final String MEDIA_TYPE = "application/problem+json";

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).failureHandler(this::handle);
    }

    private void handle(RoutingContext context) {
        HttpServerResponse response = context.response();
        if (!isAuthenticationFailure(context.failure()) || response.getStatusCode() != 401 || response.ended()
                || response.headWritten()) {
            context.next();
            return;
        }
        response.putHeader("Content-Type", MEDIA_TYPE)
                .end(body("The token sent is not valid here (expired, forged, or not an access token for this service).",
                        context.normalizedPath()));
    }

    /** The problem document for a 401. */
    static String body(String detail, String path) {
        return problem("unauthorized", "Authentication required", 401, detail, path);
    }

    private static String problem(String code, String title, int status, String detail, String path) {
        JsonObject problem = new JsonObject().put("type", "https://envhub.dev/problems/" + code)
                .put("title", title).put("status", status).put("detail", detail);
        if (path != null) {
            problem.put("instance", path);
        }
        return problem.encode();
    }

    private static boolean isAuthenticationFailure(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < 5; depth++) {
            if (t instanceof AuthenticationFailedException) {
                return true;
            }
            t = t.getCause();
        }
        return false;
    }
}
