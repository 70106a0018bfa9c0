package io.envhub.bounty.audit;

import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;
import java.util.regex.Pattern;

/** The id of the current HTTP request for audit rows: a sane {@code X-Request-Id}, else one made up per request. */
@ApplicationScoped
public class RequestIds {
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
            String given = ctx.request().getHeader("X-Request-Id");
            id = given != null && SANE.matcher(given).matches() ? given : UUID.randomUUID().toString();
            ctx.put(KEY, id);
        }
        return id;
    }
}
