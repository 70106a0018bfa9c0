package io.envhub.registry.token;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.Problem;
import io.envhub.contract.ProblemCode;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Set;

/**
 * Authenticates personal access tokens: {@code Authorization: Bearer envhub_...}, and
 * {@code Authorization: Basic base64(__token__:envhub_...)} as package indexes do (pip, uv, twine). Any other
 * credential gets a null identity, so that quarkus-oidc (lower priority) handles Keycloak bearer tokens.
 *
 * <p>Being the first mechanism, it also answers every authentication challenge: 401 problem+json, with
 * {@code WWW-Authenticate: Basic realm="EnvHub"} under {@code /simple/} (so that pip sends its credentials) and
 * {@code Bearer} elsewhere.
 */
@ApplicationScoped
public class PersonalTokenMechanism implements HttpAuthenticationMechanism {
    /** Before quarkus-oidc (which defaults to {@code DEFAULT_PRIORITY + 1}). */
    static final int PRIORITY = DEFAULT_PRIORITY + 1000;
    /** The user name that marks a Basic credential as a token. */
    public static final String BASIC_TOKEN_USER = "__token__";
    /** The realm named in Basic challenges. */
    static final String REALM = "EnvHub";
    private static final String WWW_AUTHENTICATE = "WWW-Authenticate";

    private static final Set<Class<? extends AuthenticationRequest>> CREDENTIAL_TYPES = Set.of(PersonalTokenRequest.class);
    private static final HttpCredentialTransport TRANSPORT =
            new HttpCredentialTransport(HttpCredentialTransport.Type.AUTHORIZATION, "bearer", "envhub-token");

    private final ObjectMapper json;

    public PersonalTokenMechanism(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identityProviderManager) {
        String token = presentedToken(context.request().getHeader(HttpHeaders.AUTHORIZATION));
        if (token == null) {
            return Uni.createFrom().nullItem();
        }
        return identityProviderManager.authenticate(
                HttpSecurityUtils.setRoutingContextAttribute(new PersonalTokenRequest(token), context));
    }

    /**
     * The personal access token in an Authorization header, or null when the header carries something else (no
     * header, a Keycloak token, other Basic credentials): those are not this mechanism's business.
     */
    static String presentedToken(String authorization) {
        if (authorization == null) {
            return null;
        }
        String value = authorization.strip();
        int space = value.indexOf(' ');
        if (space < 0) {
            return null;
        }
        String scheme = value.substring(0, space);
        String credential = value.substring(space + 1).strip();
        if ("bearer".equalsIgnoreCase(scheme)) {
            return credential.startsWith(TokenSecrets.PREFIX) ? credential : null;
        }
        if ("basic".equalsIgnoreCase(scheme)) {
            String decoded;
            try {
                decoded = new String(Base64.getDecoder().decode(credential), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException ignored) {
                return null;
            }
            int colon = decoded.indexOf(':');
            if (colon < 0 || !BASIC_TOKEN_USER.equals(decoded.substring(0, colon))) {
                return null;
            }
            // the __token__ user name says "this is a token": a wrong one is a failed sign-in, not an anonymous call
            return decoded.substring(colon + 1);
        }
        return null;
    }

    /** The {@code WWW-Authenticate} value for a path: Basic for the package index and PyPI's upload API, Bearer for the API. */
    public static String challengeFor(String path) {
        if (path != null && (path.equals("/simple") || path.startsWith("/simple/") || path.equals("/legacy")
                || path.startsWith("/legacy/"))) {
            return "Basic realm=\"" + REALM + "\"";
        }
        return "Bearer realm=\"" + REALM + "\"";
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, WWW_AUTHENTICATE, challengeFor(context.normalizedPath())));
    }

    /** Answers 401 with the challenge header and a problem document (the default would send an empty body). */
    @Override
    public Uni<Boolean> sendChallenge(RoutingContext context) {
        HttpServerResponse response = context.response();
        if (response.ended()) {
            return Uni.createFrom().item(Boolean.TRUE);
        }
        String path = context.normalizedPath();
        String detail = context.request().getHeader(HttpHeaders.AUTHORIZATION) == null
                ? "Sign in with a Keycloak token or a personal access token."
                : "The credentials sent are not valid (unknown, expired or revoked).";
        Problem problem = new Problem(ProblemCode.UNAUTHORIZED.type(), "Authentication required", 401, detail, path);
        String body;
        try {
            body = json.writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            body = "";
        }
        response.setStatusCode(401).putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE);
        if (!response.headers().contains(WWW_AUTHENTICATE)) {
            response.putHeader(WWW_AUTHENTICATE, challengeFor(path));
        }
        response.end(body);
        return Uni.createFrom().item(Boolean.TRUE);
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return CREDENTIAL_TYPES;
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return Uni.createFrom().item(TRANSPORT);
    }

    @Override
    public int getPriority() {
        return PRIORITY;
    }
}
