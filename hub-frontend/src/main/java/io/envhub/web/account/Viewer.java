package io.envhub.web.account;

import io.quarkus.oidc.AccessTokenCredential;
import io.quarkus.oidc.IdToken;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.qute.TemplateData;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** Who is looking at the page: anonymous, or a signed-in user with a name and a token for the APIs. */
@RequestScoped
@TemplateData
public class Viewer {
    @Inject
    SecurityIdentity identity;

    @Inject
    @IdToken
    JsonWebToken idToken;

    public boolean signedIn() {
        return !identity.isAnonymous();
    }

    /** The user's handle, e.g. {@code alice}; empty when anonymous. */
    public String username() {
        return signedIn() ? String.valueOf((Object) idToken.getClaim("preferred_username")) : "";
    }

    /** The user's full name, falling back to the handle. */
    public String displayName() {
        if (!signedIn()) {
            return "";
        }
        Object name = idToken.getClaim("name");
        return name == null ? username() : name.toString();
    }

    /** Whether the signed-in user has the realm role {@code admin} (shows the console link and moderation notices). */
    public boolean admin() {
        return signedIn() && io.envhub.web.security.Roles.admin(bearer());
    }

    /** {@code Bearer <access token>} for calling the APIs on the user's behalf. */
    public String bearer() {
        AccessTokenCredential token = identity.getCredential(AccessTokenCredential.class);
        return token == null ? null : "Bearer " + token.getToken();
    }
}
