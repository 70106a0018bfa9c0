package io.envhub.registry.token;

import io.envhub.contract.ProblemCode;
import io.quarkus.security.AuthenticationFailedException;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Gives failed authentications that another mechanism challenged (quarkus-oidc refusing a Keycloak token) the same
 * 401 problem document as {@link PersonalTokenMechanism} sends for personal tokens, instead of an empty body; path
 * permissions that refuse a signed-in caller answer a 403 problem document.
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
        Throwable failure = authenticationFailure(context.failure());
        HttpServerResponse response = context.response();
        if (failure instanceof io.quarkus.security.ForbiddenException && !response.ended() && !response.headWritten()) {
            // a path permission refused a signed-in caller (e.g. /q/metrics without the role): a problem, not an empty 403
            response.setStatusCode(403).putHeader("Content-Type", io.envhub.contract.Problem.MEDIA_TYPE)
                    .end("{\"type\":\"" + ProblemCode.FORBIDDEN.type() + "\",\"title\":\"Not allowed\","
                            + "\"status\":403,\"detail\":\"Your credentials do not allow this.\"}");
            return;
        }
        // only refused credentials (the challenge set 401); redirects and other failures keep their own handling
        if (!(failure instanceof AuthenticationFailedException) || response.getStatusCode() != 401 || response.ended()
                || response.headWritten()) {
            context.next();
            return;
        }
        mechanism.sendChallenge(context).subscribe().with(done -> { }, context::fail);
    }

    /** The authentication failure behind a routing failure (possibly wrapped by Mutiny or a CompletionException). */
    private static Throwable authenticationFailure(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < 5; depth++) {
            if (t instanceof AuthenticationFailedException) {
                return t;
            }
            t = t.getCause();
        }
        return failure;
    }
}
