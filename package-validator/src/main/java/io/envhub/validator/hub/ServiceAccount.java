package io.envhub.validator.hub;

import io.quarkus.oidc.client.OidcClient;
import io.quarkus.oidc.client.Tokens;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/** The validator's own identity: tokens for its Keycloak service account (client credentials). */
@ApplicationScoped
public class ServiceAccount {
    private final OidcClient client;

    public ServiceAccount(OidcClient client) {
        this.client = client;
    }

    /** A fresh access token for calling hub-backend. */
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
