package io.envhub.bounty.security;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * 401 answers as {@code application/problem+json} (type {@code https://envhub.dev/problems/unauthorized}) instead of
 * an empty body: for refused tokens (quarkus-oidc: wrong audience, an ID token, no subject, expired, forged) and for
 * anonymous calls to endpoints that need a sign-in; and the 403 for valid tokens that name no user.
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

    /** A 403 problem answer (type {@code https://envhub.dev/problems/forbidden}) to throw from a resource. */
    public static WebApplicationException forbidden(String detail) {
        return new WebApplicationException(Response.status(403).type(MEDIA_TYPE)
                .entity(problem("forbidden", "Forbidden", 403, detail, null)).build());
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

    /** Anonymous calls to {@code @Authenticated} endpoints. */
    @Provider
    public static class AnonymousMapper implements ExceptionMapper<UnauthorizedException> {
        @Override
        public Response toResponse(UnauthorizedException error) {
            return Response.status(401).type(MEDIA_TYPE).header("WWW-Authenticate", "Bearer realm=\"envhub\"")
                    .entity(body("Sign in with a Keycloak access token.", null)).build();
        }
    }
}
