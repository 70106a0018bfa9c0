package io.envhub.registry.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.Problem;
import io.envhub.contract.ProblemCode;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Locale;

/**
 * Refuses, before anything else runs, request targets no handler should see: a NUL byte ({@code %00}) anywhere in the
 * path or query (400 {@code invalid-characters}), and targets longer than {@link #MAX_URI} characters (414
 * {@code uri-too-long}); both as problem+json. Targets longer than the HTTP server's line limit
 * ({@code quarkus.http.limits.max-initial-line-length}) never reach the router and get the server's bare 414.
 */
@ApplicationScoped
public class InputGuard {
    /** Longest request target answered normally. */
    static final int MAX_URI = 8192;

    private final ObjectMapper json;

    public InputGuard(ObjectMapper json) {
        this.json = json;
    }

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE + 1).handler(this::check);
    }

    private void check(RoutingContext context) {
        String uri = context.request().uri();
        if (uri.length() > MAX_URI) {
            refuse(context, 414, ProblemCode.URI_TOO_LONG, "URI too long", "The request target has more than " + MAX_URI + " characters.");
        } else if (uri.toLowerCase(Locale.ROOT).contains("%00") || uri.indexOf('\0') >= 0) {
            refuse(context, 400, ProblemCode.INVALID_CHARACTERS, "Invalid request", "The path or query contains a NUL byte.");
        } else {
            context.next();
        }
    }

    private void refuse(RoutingContext context, int status, ProblemCode type, String title, String detail) {
        String path = context.normalizedPath();
        Problem problem = new Problem(type.type(), title, status, detail,
                path.length() > 200 || path.indexOf('\0') >= 0 ? null : path);
        String body;
        try {
            body = json.writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            body = "{}";
        }
        context.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE).end(body);
    }
}
