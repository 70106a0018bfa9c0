package io.envhub.kit.audit;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The id of the current HTTP request, for audit rows: the client's {@code X-Request-Id} when it is a sane token
 * (a proxy's id), else one made up once per request.
 */
@ApplicationScoped
public class RequestIds {
    /** The header read (and trusted only when it matches {@link #SANE}). */
    public static final String HEADER = "X-Request-Id";
    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:-]{1,100}");
    private static final String KEY = "envhub.request-id";

    private final CurrentVertxRequest current;

    public RequestIds(CurrentVertxRequest current) {
        this.current = current;
    }

    /** The current request's id; a fresh UUID outside a request. */
    public String current() {
        RoutingContext ctx = current.getCurrent();
        if (ctx == null) {
            return UUID.randomUUID().toString();
        }
        String id = ctx.get(KEY);
        if (id == null) {
            String given = ctx.request().getHeader(HEADER);
            id = given != null && SANE.matcher(given).matches() ? given : UUID.randomUUID().toString();
            ctx.put(KEY, id);
        }
        return id;
    }
}
