package io.envhub.web.account;

import io.envhub.web.security.SignedOutSessions;
import io.quarkus.oidc.IdToken;
import io.quarkus.oidc.OidcSession;
import io.quarkus.oidc.RefreshToken;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Sign-out. {@code GET /logout} asks (a form, so that a link elsewhere cannot sign anyone out); {@code POST /logout}
 * ends the Keycloak session through the back channel (no token ever travels in a URL), remembers the session as
 * signed out (a copied session cookie stops working at once, see {@link SignedOutSessions}), clears the session
 * cookies and goes home.
 */
@Path("/logout")
public class SignOutResource {
    /** How long past its ID token's expiry a session cookie may still be presented (Quarkus' default extension + margin). */
    static final Duration COOKIE_GRACE = Duration.ofMinutes(10);

    @Inject
    SecurityIdentity identity;

    @Inject
    @IdToken
    JsonWebToken idToken;

    @Inject
    RefreshToken refreshToken;

    @Inject
    OidcSession session;

    @Inject
    SignedOutSessions signedOut;

    @Inject
    KeycloakSessions keycloak;

    @Inject
    Viewer viewer;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance signout(Viewer viewer);
    }

    /** The confirmation page; anonymous visitors go home. */
    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response confirm() {
        if (identity.isAnonymous()) {
            return Response.seeOther(URI.create("/")).build();
        }
        return Response.ok(Templates.signout(viewer)).header("Cache-Control", "no-store").build();
    }

    /** Signs out: Keycloak session ended, this session remembered as signed out, cookies cleared. */
    @POST
    public Response signOut() {
        if (!identity.isAnonymous()) {
            long exp = idToken.getExpirationTime();
            Instant expires = exp > 0 ? Instant.ofEpochSecond(exp) : Instant.now();
            signedOut.add(SignedOutSessions.key(idToken), expires.plus(COOKIE_GRACE));
            keycloak.end(refreshToken == null ? null : refreshToken.getToken());
            session.logout().await().atMost(Duration.ofSeconds(10));
        }
        return Response.seeOther(URI.create("/")).header("Cache-Control", "no-store").build();
    }
}
