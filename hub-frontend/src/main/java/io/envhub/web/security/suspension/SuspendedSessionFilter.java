package io.envhub.web.security.suspension;

import io.envhub.web.account.Viewer;
import io.envhub.web.error.ErrorPage;
import io.envhub.web.error.ErrorPages;
import io.envhub.web.security.SignedOutSessions;
import io.quarkus.oidc.IdToken;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Refuses the pages to a suspended user: their session is ended here (remembered as signed out, like a sign-out) and
 * they get a page saying that the account is suspended, with the reason the hub gave. Anonymous visitors and the
 * sign-out page are not checked.
 */
public class SuspendedSessionFilter {
    private final Viewer viewer;
    private final SuspendedAccounts suspended;
    private final SignedOutSessions signedOut;
    private final ErrorPages errors;

    @Inject
    @IdToken
    JsonWebToken idToken;

    public SuspendedSessionFilter(Viewer viewer, SuspendedAccounts suspended, SignedOutSessions signedOut, ErrorPages errors) {
        this.viewer = viewer;
        this.suspended = suspended;
        this.signedOut = signedOut;
        this.errors = errors;
    }

    @ServerRequestFilter
    public Response check(ContainerRequestContext request) {
        if (!viewer.signedIn() || request.getUriInfo().getPath().startsWith("/logout")) {
            return null;
        }
        SuspendedAccounts.Suspension s = suspended.of(viewer.username(), viewer.bearer());
        if (s == null) {
            return null;
        }
        long exp = idToken.getExpirationTime();
        signedOut.add(SignedOutSessions.key(idToken), Instant.ofEpochSecond(exp).plusSeconds(24 * 3600));
        String message = "The account " + viewer.username() + " is suspended (or disabled) by EnvHub's admins, so it cannot use"
                + " the hub's pages, and you have been signed out. If you think this is a mistake, write to the hub's admins.";
        return errors.render(new ErrorPage(403, "Account suspended", message));
    }
}
