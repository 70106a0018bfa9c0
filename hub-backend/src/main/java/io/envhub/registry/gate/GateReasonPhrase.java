package io.envhub.registry.gate;

import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * pip and uv show an index's refusal by its HTTP status line ({@code 403 Client Error: <reason> for url: ...}), never
 * its body: a refused download of a gated file gets a reason phrase that says where to request access (ASCII, one
 * line), set by {@link GateGuard}.
 */
@ApplicationScoped
public class GateReasonPhrase {
    /** Routing-context key of the phrase. */
    static final String KEY = "envhub.gate.reason";

    void install(@Observes Router router) {
        router.route().order(-900).handler(this::handle);
    }

    private void handle(RoutingContext ctx) {
        ctx.addHeadersEndHandler(v -> {
            Object phrase = ctx.get(KEY);
            int status = ctx.response().getStatusCode();
            if (phrase instanceof String p && (status == 401 || status == 403)) {
                ctx.response().setStatusMessage(p.replaceAll("[^\\x20-\\x7e]", "?"));
            }
        });
        ctx.next();
    }
}
