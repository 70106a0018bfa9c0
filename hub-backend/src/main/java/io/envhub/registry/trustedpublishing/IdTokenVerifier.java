package io.envhub.registry.trustedpublishing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jose4j.jwa.AlgorithmConstraints;
import org.jose4j.jwk.HttpsJwks;
import org.jose4j.jws.AlgorithmIdentifiers;
import org.jose4j.jwt.JwtClaims;
import org.jose4j.jwt.MalformedClaimException;
import org.jose4j.jwt.consumer.ErrorCodes;
import org.jose4j.jwt.consumer.InvalidJwtException;
import org.jose4j.jwt.consumer.JwtConsumer;
import org.jose4j.jwt.consumer.JwtConsumerBuilder;
import org.jose4j.keys.resolvers.HttpsJwksVerificationKeyResolver;

/**
 * Verifies a CI's OIDC ID token with jose4j: its issuer must be on the allowlist (read from the token first, so that
 * nothing is ever fetched from an issuer the hub does not trust), its signature must verify with a key from the
 * issuer's JWKS (found through its discovery document; both kept for {@link TrustedPublishingConfig#keysCacheTtl()},
 * and the keys fetched again when a token names a key id the hub has not seen: rotation), and {@code exp} (required),
 * {@code nbf} and {@code iat} must hold within the clock skew; a {@code jti} is required (replays are refused by
 * {@link TrustedPublishingService}). The audience is matched against each publisher later.
 */
@ApplicationScoped
public class IdTokenVerifier {
    private static final Duration FETCH_TIMEOUT = Duration.ofSeconds(5);
    private static final AlgorithmConstraints ASYMMETRIC_ONLY = new AlgorithmConstraints(
            AlgorithmConstraints.ConstraintType.PERMIT, AlgorithmIdentifiers.RSA_USING_SHA256, AlgorithmIdentifiers.RSA_USING_SHA384,
            AlgorithmIdentifiers.RSA_USING_SHA512, AlgorithmIdentifiers.RSA_PSS_USING_SHA256,
            AlgorithmIdentifiers.RSA_PSS_USING_SHA384, AlgorithmIdentifiers.RSA_PSS_USING_SHA512,
            AlgorithmIdentifiers.ECDSA_USING_P256_CURVE_AND_SHA256, AlgorithmIdentifiers.ECDSA_USING_P384_CURVE_AND_SHA384,
            AlgorithmIdentifiers.ECDSA_USING_P521_CURVE_AND_SHA512);

    /** A verified ID token. */
    public record Verified(String issuer, String jti, Instant expiresAt, List<String> audiences, Map<String, Object> claims) {
        /** A claim as text (null when absent; numbers and booleans as written). */
        public String claim(String name) {
            Object v = claims.get(name);
            return v == null ? null : v.toString();
        }
    }

    private record Keys(HttpsJwksVerificationKeyResolver resolver, Instant fetchedAt) {
    }

    private final TrustedPublishingConfig config;
    private final ObjectMapper json;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(FETCH_TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final Map<String, Keys> keys = new ConcurrentHashMap<>();

    public IdTokenVerifier(TrustedPublishingConfig config, ObjectMapper json) {
        this.config = config;
        this.json = json;
    }

    /** Whether ID tokens of this issuer may be exchanged (and publishers registered for it). */
    public boolean trusts(String issuer) {
        return issuer != null && config.issuers().contains(issuer);
    }

    public Verified verify(String jwt) {
        if (jwt == null || jwt.isBlank()) {
            throw invalid("Send the CI's OIDC ID token as 'token'.");
        }
        String issuer = unverifiedIssuer(jwt.strip());
        if (!trusts(issuer)) {
            throw new ApiException.Forbidden(ProblemCode.ISSUER_NOT_TRUSTED, "ID tokens from " + issuer
                    + " are not accepted by this hub (trusted issuers: " + String.join(", ", config.issuers()) + ").");
        }
        JwtConsumer consumer = new JwtConsumerBuilder()
                .setRequireExpirationTime()
                .setRequireJwtId()
                .setAllowedClockSkewInSeconds((int) config.clockSkew().toSeconds())
                .setExpectedIssuer(issuer)
                .setSkipDefaultAudienceValidation()
                .setJwsAlgorithmConstraints(ASYMMETRIC_ONLY)
                .setVerificationKeyResolver(keysOf(issuer))
                .build();
        try {
            JwtClaims claims = consumer.processToClaims(jwt.strip());
            if (claims.getIssuedAt() != null && claims.getIssuedAt().getValueInMillis()
                    > System.currentTimeMillis() + config.clockSkew().toMillis()) {
                throw invalid("The ID token was issued in the future (iat).");
            }
            return new Verified(issuer, claims.getJwtId(), Instant.ofEpochMilli(claims.getExpirationTime().getValueInMillis()),
                    claims.getAudience(), claims.getClaimsMap());
        } catch (InvalidJwtException e) {
            if (e.hasExpired()) {
                throw invalid("The ID token has expired (exp); ask the CI for a fresh one.");
            }
            if (e.hasErrorCode(ErrorCodes.NOT_YET_VALID)) {
                throw invalid("The ID token is not valid yet (nbf).");
            }
            if (e.hasErrorCode(ErrorCodes.JWT_ID_MISSING)) {
                throw invalid("The ID token has no jti, so a replay could not be told apart; it is refused.");
            }
            if (e.hasErrorCode(ErrorCodes.SIGNATURE_INVALID) || e.hasErrorCode(ErrorCodes.SIGNATURE_MISSING)) {
                throw invalid("The ID token's signature does not verify with " + issuer + "'s keys.");
            }
            throw invalid("The ID token is not valid: " + firstLine(e.getMessage()));
        } catch (MalformedClaimException e) {
            throw invalid("The ID token has a malformed claim: " + e.getMessage());
        }
    }

    private static String unverifiedIssuer(String jwt) {
        try {
            JwtClaims claims = new JwtConsumerBuilder().setSkipAllValidators().setDisableRequireSignature()
                    .setSkipSignatureVerification().build().processToClaims(jwt);
            String issuer = claims.getIssuer();
            if (issuer == null) {
                throw invalid("The ID token has no issuer (iss).");
            }
            return issuer;
        } catch (InvalidJwtException | MalformedClaimException e) {
            throw invalid("That is not an OIDC ID token (a signed JWT).");
        }
    }

    /** The issuer's key resolver, from its discovery document; found again once the cache time has passed. */
    private HttpsJwksVerificationKeyResolver keysOf(String issuer) {
        Keys cached = keys.get(issuer);
        if (cached != null && cached.fetchedAt().plus(config.keysCacheTtl()).isAfter(Instant.now())) {
            return cached.resolver();
        }
        String jwksUri = discover(issuer);
        HttpsJwks jwks = new HttpsJwks(jwksUri);
        jwks.setDefaultCacheDuration(config.keysCacheTtl().toSeconds());
        jwks.setRetainCacheOnErrorDuration(config.keysCacheTtl().toSeconds());
        HttpsJwksVerificationKeyResolver resolver = new HttpsJwksVerificationKeyResolver(jwks);
        keys.put(issuer, new Keys(resolver, Instant.now()));
        return resolver;
    }

    private String discover(String issuer) {
        URI uri = URI.create(issuer.replaceAll("/+$", "") + "/.well-known/openid-configuration");
        try {
            HttpResponse<String> res = http.send(HttpRequest.newBuilder(uri).timeout(FETCH_TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            JsonNode doc = res.statusCode() == 200 ? json.readTree(res.body()) : null;
            JsonNode jwksUri = doc == null ? null : doc.get("jwks_uri");
            if (jwksUri == null || !jwksUri.isTextual() || !issuer.equals(doc.path("issuer").asText())) {
                throw unavailable(issuer, "its discovery document has no jwks_uri for this issuer (HTTP " + res.statusCode() + ")");
            }
            return jwksUri.asText();
        } catch (IOException e) {
            throw unavailable(issuer, e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable(issuer, "interrupted");
        }
    }

    private static ApiException invalid(String detail) {
        return new ApiException.Invalid(ProblemCode.OIDC_TOKEN_INVALID, detail);
    }

    private static ApiException unavailable(String issuer, String why) {
        return new ApiException.Unavailable(ProblemCode.IDENTITY_UNAVAILABLE, "The keys of " + issuer
                + " could not be fetched (" + why + "); try again in a moment.");
    }

    private static String firstLine(String message) {
        String m = message == null ? "" : message;
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }
}
