package io.envhub.bounty.security;

import io.envhub.contract.Problem;
import io.envhub.contract.ProblemCode;
import io.quarkus.security.AuthenticationFailedException;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.Json;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * 401 answers as {@code application/problem+json} (type {@code https://envhub.dev/problems/unauthorized}) instead of
 * an empty body, for tokens quarkus-oidc refuses before any resource runs (wrong audience, an ID token, no subject,
 * expired, forged) and for suspended users ({@link SuspensionCheck}). When hub-backend cannot say whether the caller is
 * suspended the answer is a 503 problem ({@code hub-unavailable}). Anonymous calls to endpoints that need a sign-in get
 * the service kit's 401 problem.
 */
@ApplicationScoped
public class SignInProblem {
    /** The media type of problem documents. */
    public static final String MEDIA_TYPE = Problem.MEDIA_TYPE;

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).failureHandler(this::handle);
    }

    private void handle(RoutingContext context) {
        HttpServerResponse response = context.response();
        if (response.ended() || response.headWritten()) {
            context.next();
            return;
        }
        if (find(context.failure(), SuspensionCheck.StandingUnknown.class) != null) {
            // fail closed: without hub-backend's answer nobody can say the user is not suspended
            response.setStatusCode(503).putHeader("Content-Type", MEDIA_TYPE).putHeader("Retry-After", "5")
                    .end(problem(ProblemCode.HUB_UNAVAILABLE, "Service unavailable", 503, "Whether your account may act could not be "
                            + "checked with the registry; nothing was done. Try again shortly.", context.normalizedPath()));
            return;
        }
        if (find(context.failure(), AuthenticationFailedException.class) == null || response.getStatusCode() != 401) {
            context.next();
            return;
        }
        String detail = find(context.failure(), SuspensionCheck.AccountSuspended.class) != null
                ? "This account is suspended: its tokens are refused. Contact the EnvHub admins."
                : "The token sent is not valid here (expired, forged, or not an access token for this service).";
        response.putHeader("Content-Type", MEDIA_TYPE).end(body(detail, context.normalizedPath()));
    }

    /** The problem document for a 401. */
    static String body(String detail, String path) {
        return problem(ProblemCode.UNAUTHORIZED, "Authentication required", 401, detail, path);
    }

    private static String problem(ProblemCode code, String title, int status, String detail, String path) {
        return Json.encode(new Problem(code.type(), title, status, detail, path));
    }

    /** The failure of this kind behind a routing failure (possibly wrapped by Mutiny or a CompletionException). */
    private static <T extends Throwable> T find(Throwable failure, Class<T> kind) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < 5; depth++) {
            if (kind.isInstance(t)) {
                return kind.cast(t);
            }
            t = t.getCause();
        }
        return null;
    }
}
