package io.envhub.web.account;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Ends a user's Keycloak session through the back channel: the realm's logout endpoint, called by this confidential
 * client with the session's refresh token in a POST body. Nothing goes through the browser, so no token ends up in a
 * URL, a proxy log or the browser history.
 */
@ApplicationScoped
public class KeycloakSessions {
    private static final Logger LOG = Logger.getLogger(KeycloakSessions.class);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();
    private final URI logoutEndpoint;
    private final String clientId;
    private final String secret;

    public KeycloakSessions(@ConfigProperty(name = "quarkus.oidc.auth-server-url") String realmUrl,
                            @ConfigProperty(name = "quarkus.oidc.client-id") String clientId,
                            @ConfigProperty(name = "quarkus.oidc.credentials.secret") String secret) {
        this.logoutEndpoint = URI.create(realmUrl.replaceAll("/+$", "") + "/protocol/openid-connect/logout");
        this.clientId = clientId;
        this.secret = secret;
    }

    /** Ends the Keycloak session the refresh token belongs to; returns whether Keycloak confirmed it. */
    public boolean end(String refreshToken) {
        if (refreshToken == null || refreshToken.isBlank()) {
            return false;
        }
        String form = "client_id=" + enc(clientId) + "&client_secret=" + enc(secret) + "&refresh_token=" + enc(refreshToken);
        HttpRequest req = HttpRequest.newBuilder(logoutEndpoint).timeout(Duration.ofSeconds(5))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
        try {
            int status = http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status != 204 && status != 200) {
                LOG.warnf("Keycloak did not end the session on sign-out: HTTP %d", status);
                return false;
            }
            return true;
        } catch (IOException e) {
            LOG.warnf("Keycloak could not be reached to end the session on sign-out: %s", e.getMessage());
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
