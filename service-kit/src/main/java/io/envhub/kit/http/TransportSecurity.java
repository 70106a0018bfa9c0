package io.envhub.kit.http;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Adds {@code Strict-Transport-Security} to answers served over TLS: a TLS connection, or a TLS-terminating proxy in
 * front that says {@code X-Forwarded-Proto: https}. Over plain HTTP browsers ignore the header, so it is not sent.
 * The other security headers are static and set in each service's application.properties ({@code quarkus.http.header}).
 * Every service that depends on the kit gets it (the frontend, which does not, keeps its own copy).
 */
@ApplicationScoped
public class TransportSecurity {
    /** One year, subdomains included. */
    static final String HSTS = "max-age=31536000; includeSubDomains";

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(context -> {
            if (overTls(context.request())) {
                context.response().putHeader("Strict-Transport-Security", HSTS);
            }
            context.next();
        });
    }

    static boolean overTls(HttpServerRequest request) {
        String forwarded = request.getHeader("X-Forwarded-Proto");
        return request.isSSL() || forwarded != null && "https".equalsIgnoreCase(forwarded.split(",")[0].trim());
    }
}
