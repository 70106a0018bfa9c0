package io.envhub.registry.security;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.vertx.http.runtime.security.HttpSecurityRecorder;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Gives failed authentications that another mechanism challenged (quarkus-oidc refusing a Keycloak token) the same
 * 401 problem document as {@link PersonalTokenMechanism} sends for personal tokens, instead of an empty body.
 */
@ApplicationScoped
public class AuthenticationFailureResponder {
    private final PersonalTokenMechanism mechanism;

    public AuthenticationFailureResponder(PersonalTokenMechanism mechanism) {
        this.mechanism = mechanism;
    }

    void register(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).failureHandler(this::handle);
    }

    private void handle(RoutingContext context) {
        Throwable failure = HttpSecurityRecorder.DefaultAuthFailureHandler.extractRootCause(context.failure());
        HttpServerResponse response = context.response();
        // only refused credentials (the challenge set 401); redirects and other failures keep their own handling
        if (!(failure instanceof AuthenticationFailedException) || response.getStatusCode() != 401 || response.ended()
                || response.headWritten()) {
            context.next();
            return;
        }
        mechanism.sendChallenge(context).subscribe().with(done -> { }, context::fail);
    }
}
