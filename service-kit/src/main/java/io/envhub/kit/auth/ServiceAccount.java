package io.envhub.kit.auth;

import io.quarkus.oidc.client.OidcClient;
import io.quarkus.oidc.client.Tokens;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * A service's own identity: tokens for its Keycloak service account (client credentials, through the service's
 * configured {@code quarkus-oidc-client}). Not a bean by itself: a service that calls another one produces it
 * ({@code @Produces @Singleton ServiceAccount account(OidcClient client)}), so that services without an OIDC client
 * do not need one.
 */
public class ServiceAccount {
    private final OidcClient client;

    public ServiceAccount(OidcClient client) {
        this.client = client;
    }

    /** A fresh (or still valid) access token for calling another service. */
    public String accessToken() {
        Tokens tokens = client.getTokens().await().atMost(Duration.ofSeconds(10));
        return tokens.getAccessToken();
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
