package io.envhub.registry.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.Tokens;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** Test helper: changes users of the test realm through Keycloak's admin REST API, as an administrator would. */
final class KeycloakAdmin {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private KeycloakAdmin() {
    }

    private static String adminToken() {
        String form = Tokens.formBody(Map.of("grant_type", "password", "client_id", "admin-cli",
                "username", System.getenv().getOrDefault("ENVHUB_KEYCLOAK_ADMIN", "admin"),
                "password", System.getenv().getOrDefault("ENVHUB_KEYCLOAK_ADMIN_PASSWORD", "admin")));
        JsonNode body = send(HttpRequest.newBuilder(URI.create(KeycloakTestResource.baseUrl()
                        + "/realms/master/protocol/openid-connect/token"))
                .header("Content-Type", "application/x-www-form-urlencoded").POST(HttpRequest.BodyPublishers.ofString(form)));
        return body.get("access_token").asText();
    }

    private static String users() {
        return KeycloakTestResource.baseUrl() + "/admin/realms/envhub/users";
    }

    /** The Keycloak id of a user. */
    static String userId(String username) {
        JsonNode found = send(HttpRequest.newBuilder(URI.create(users() + "?exact=true&username="
                + URLEncoder.encode(username, StandardCharsets.UTF_8))).header("Authorization", "Bearer " + adminToken()).GET());
        return found.get(0).get("id").asText();
    }

    /** Enables or disables a user. */
    static void setEnabled(String username, boolean enabled) {
        send(HttpRequest.newBuilder(URI.create(users() + "/" + userId(username))).header("Authorization", "Bearer " + adminToken())
                .header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString("{\"enabled\":" + enabled + "}")));
    }

    /** Removes a realm role mapping (e.g. {@code default-roles-envhub}, which carries {@code contributor}) from a user. */
    static void removeRealmRole(String username, String role) {
        String admin = adminToken();
        JsonNode roleRep = send(HttpRequest.newBuilder(URI.create(KeycloakTestResource.baseUrl() + "/admin/realms/envhub/roles/"
                + role)).header("Authorization", "Bearer " + admin).GET());
        send(HttpRequest.newBuilder(URI.create(users() + "/" + userId(username) + "/role-mappings/realm"))
                .header("Authorization", "Bearer " + admin).header("Content-Type", "application/json")
                .method("DELETE", HttpRequest.BodyPublishers.ofString("[" + roleRep + "]")));
    }

    private static JsonNode send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> res = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            if (res.statusCode() >= 300) {
                throw new IllegalStateException("Keycloak admin API: HTTP " + res.statusCode() + " " + res.body());
            }
            return res.body().isEmpty() ? null : JSON.readTree(res.body());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
