package io.envhub.registry.ops;

import io.quarkus.micrometer.runtime.binder.vertx.HttpRequestMetric;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * HTTP metrics are tagged by route template only: every request starts with the fixed {@code uri} tag
 * {@value #UNMATCHED}, which the REST layer's template ({@code /api/v1/environments/{owner}/{name}}) replaces when a
 * resource method matches. A request refused before that (a bad token, a NUL byte, an unknown path) never puts its raw
 * path, which may name a private environment, into {@code /q/metrics}, and cannot grow the tag set.
 */
@ApplicationScoped
public class MetricsRouteTags {
    /** The {@code uri} tag of requests no resource method matched. */
    public static final String UNMATCHED = "/unmatched";

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(MetricsRouteTags::tagUnmatched);
    }

    private static void tagUnmatched(RoutingContext context) {
        HttpRequestMetric metric = HttpRequestMetric.getRequestMetric(context);
        if (metric != null) {
            // first value wins; a matched resource's template (a context local) takes precedence over it
            metric.setTemplatePath(UNMATCHED);
        }
        context.next();
    }
}
