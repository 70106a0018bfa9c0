package io.envhub.kit.auth;

import io.quarkus.oidc.client.OidcClient;
import io.quarkus.oidc.client.Tokens;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

/**
 * A service's own identity: tokens for its Keycloak service account (client credentials, through the service's
 * configured {@code quarkus-oidc-client}). Not a bean by itself: a service that calls another one produces it
 * ({@code @Produces @Singleton ServiceAccount account(OidcClient client)}), so that services without an OIDC client
 * do not need one.
 *
 * <p>The token is kept and reused until {@link #MARGIN} before it expires (a token without {@code expires_in} is kept
 * for {@link #UNDATED_LIFETIME}), so a burst of calls costs one client-credentials grant, not one each.
 */
public class ServiceAccount {
    /** How long before its expiry a kept token is replaced. */
    static final Duration MARGIN = Duration.ofSeconds(30);
    /** How long a token whose grant gave no lifetime is kept. */
    static final Duration UNDATED_LIFETIME = Duration.ofSeconds(60);

    private final OidcClient client;
    private final Clock clock;
    private String token;
    private Instant replaceAt = Instant.MIN;

    public ServiceAccount(OidcClient client) {
        this(client, Clock.systemUTC());
    }

    ServiceAccount(OidcClient client, Clock clock) {
        this.client = client;
        this.clock = clock;
    }

    /** A still valid access token for calling another service: the kept one, or a new grant when it is near expiry. */
    public synchronized String accessToken() {
        Instant now = clock.instant();
        if (token == null || !now.isBefore(replaceAt)) {
            Tokens tokens = client.getTokens().await().atMost(Duration.ofSeconds(10));
            Long expiresAt = tokens.getAccessTokenExpiresAt();
            token = tokens.getAccessToken();
            replaceAt = expiresAt == null ? now.plus(UNDATED_LIFETIME) : Instant.ofEpochSecond(expiresAt).minus(MARGIN);
        }
        return token;
    }

    /** The JSON payload of a JWT (no signature check: only for reporting our own token's claims). */
    public static String payload(String jwt) {
        String[] parts = jwt.split("\\.");
        if (parts.length < 2) {
            throw new IllegalArgumentException("not a JWT");
        }
        return new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
    }
}
