package io.envhub.registry.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.registry.security.SecurityConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;

/**
 * Changes users in Keycloak through its admin REST API, as the dedicated {@code hub-admin} service account
 * ({@link AdminClientConfig}): enable/disable (and sign out), grant and remove realm roles. Blocking.
 */
@ApplicationScoped
public class KeycloakUsers {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final SecurityConfig security;
    private final AdminClientConfig config;
    private final ObjectMapper json;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private volatile String token;
    private volatile Instant tokenUntil = Instant.EPOCH;

    public KeycloakUsers(SecurityConfig security, AdminClientConfig config, ObjectMapper json) {
        this.security = security;
        this.config = config;
        this.json = json;
    }

    /** Disables (and signs out everywhere) or enables the user with this Keycloak id. */
    public void setEnabled(String userId, boolean enabled) {
        call("PUT", "/users/" + enc(userId), "{\"enabled\":" + enabled + "}", 204);
        if (!enabled) {
            call("POST", "/users/" + enc(userId) + "/logout", null, 204);
        }
    }

    /** The user's direct realm roles. */
    public Set<String> realmRoles(String userId) {
        JsonNode roles = call("GET", "/users/" + enc(userId) + "/role-mappings/realm", null, 200);
        Set<String> names = new HashSet<>();
        roles.forEach(r -> names.add(r.path("name").asText()));
        return names;
    }

    /** Whether Keycloak has the user enabled. */
    public boolean enabled(String userId) {
        return call("GET", "/users/" + enc(userId), null, 200).path("enabled").asBoolean(false);
    }

    /** Maps ({@code grant}) or unmaps a realm role to/from the user. */
    public void setRealmRole(String userId, String role, boolean grant) {
        JsonNode rep = call("GET", "/roles/" + enc(role), null, 200);
        String body = "[{\"id\":" + json.valueToTree(rep.path("id").asText()) + ",\"name\":" + json.valueToTree(role) + "}]";
        call(grant ? "POST" : "DELETE", "/users/" + enc(userId) + "/role-mappings/realm", body, 204);
    }

    private JsonNode call(String method, String path, String body, int expected) {
        try {
            HttpResponse<String> res = http.send(HttpRequest.newBuilder(URI.create(security.keycloakUrl() + "/admin/realms/"
                                    + security.realm() + path)).timeout(TIMEOUT)
                            .header("Authorization", "Bearer " + token()).header("Content-Type", "application/json")
                            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                            .build(), HttpResponse.BodyHandlers.ofString());
            if (res.statusCode() == 401) {
                tokenUntil = Instant.EPOCH;
            }
            if (res.statusCode() == 404) {
                throw new ApiException.NotFound("Keycloak does not know this user or role.");
            }
            if (res.statusCode() != expected && !(expected == 204 && res.statusCode() == 200)) {
                throw new ApiException.Unavailable(ProblemCode.IDENTITY_UNAVAILABLE, "Keycloak refused the change (HTTP "
                        + res.statusCode() + "); nothing was changed.");
            }
            return res.body() == null || res.body().isBlank() ? json.nullNode() : json.readTree(res.body());
        } catch (IOException e) {
            throw new ApiException.Unavailable(ProblemCode.IDENTITY_UNAVAILABLE,
                    "Keycloak's admin API is unreachable; nothing was changed.");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException.Unavailable(ProblemCode.IDENTITY_UNAVAILABLE, "interrupted");
        }
    }

    private String token() throws IOException, InterruptedException {
        if (token != null && Instant.now().isBefore(tokenUntil)) {
            return token;
        }
        String form = "grant_type=client_credentials&client_id=" + enc(config.clientId()) + "&client_secret=" + enc(config.clientSecret());
        HttpResponse<String> res = http.send(HttpRequest.newBuilder(URI.create(security.keycloakUrl() + "/realms/" + security.realm()
                        + "/protocol/openid-connect/token")).timeout(TIMEOUT)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        if (res.statusCode() != 200) {
            throw new ApiException.Unavailable(ProblemCode.IDENTITY_UNAVAILABLE, "The hub's admin service account (client "
                    + config.clientId() + ") could not sign in to Keycloak (HTTP " + res.statusCode() + ").");
        }
        JsonNode t = json.readTree(res.body());
        token = t.path("access_token").asText();
        tokenUntil = Instant.now().plusSeconds(Math.max(5, t.path("expires_in").asLong(60) - 10));
        return token;
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
