package io.envhub.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Keycloak's admin API on the test realm (with the bootstrap admin), for tests that need what the realm file does
 * not hold: clients foreign to the hub, tokens of unusual shapes, a user's brute-force state.
 */
public final class KeycloakAdmin {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private KeycloakAdmin() {
    }

    /** An admin access token from the master realm. */
    public static String adminToken() {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "password");
        form.put("client_id", "admin-cli");
        form.put("username", System.getenv().getOrDefault("ENVHUB_KEYCLOAK_ADMIN", "admin"));
        form.put("password", System.getenv().getOrDefault("ENVHUB_KEYCLOAK_ADMIN_PASSWORD", "admin"));
        HttpResponse<String> res = send(HttpRequest.newBuilder(URI.create(KeycloakTestResource.baseUrl()
                        + "/realms/master/protocol/openid-connect/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(Tokens.formBody(form))));
        return json(res, 200).get("access_token").asText();
    }

    /** Calls the admin API of realm {@code envhub}: {@code path} below {@code /admin/realms/envhub}. */
    public static HttpResponse<String> call(String method, String path, String jsonBody) {
        HttpRequest.Builder req = HttpRequest.newBuilder(URI.create(KeycloakTestResource.baseUrl() + "/admin/realms/envhub" + path))
                .header("Authorization", "Bearer " + adminToken()).header("Content-Type", "application/json")
                .method(method, jsonBody == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(jsonBody));
        return send(req);
    }

    /**
     * Creates a public client with the password grant (a client foreign to the hub: no audience mapper) and returns
     * its client id. {@code extra} is spliced into the client representation (e.g. {@code "fullScopeAllowed":false}).
     */
    public static String createPasswordClient(String extra) {
        String clientId = "foreign-" + UUID.randomUUID();
        String body = "{\"clientId\":\"" + clientId + "\",\"enabled\":true,\"publicClient\":true,"
                + "\"standardFlowEnabled\":false,\"directAccessGrantsEnabled\":true" + (extra.isEmpty() ? "" : "," + extra) + "}";
        HttpResponse<String> res = call("POST", "/clients", body);
        if (res.statusCode() != 201) {
            throw new IllegalStateException("could not create client: HTTP " + res.statusCode() + " " + res.body());
        }
        return clientId;
    }

    /** Creates a user with a password given in clear (so the realm's password policy applies); returns their id. */
    public static String createUser(String username, String password) {
        String body = "{\"username\":\"" + username + "\",\"enabled\":true,\"email\":\"" + username
                + "@envhub.local\",\"emailVerified\":true,\"firstName\":\"" + username + "\",\"lastName\":\"Test\","
                + "\"credentials\":[{\"type\":\"password\",\"value\":\"" + password + "\",\"temporary\":false}]}";
        HttpResponse<String> res = call("POST", "/users", body);
        if (res.statusCode() != 201) {
            throw new IllegalStateException("could not create user " + username + ": HTTP " + res.statusCode() + " " + res.body());
        }
        String location = res.headers().firstValue("Location").orElseThrow();
        return location.substring(location.lastIndexOf('/') + 1);
    }

    /** The token endpoint's whole answer (access, ID and refresh token) for a password grant through {@code clientId}. */
    public static JsonNode passwordGrant(String clientId, String username, String password) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "password");
        form.put("client_id", clientId);
        form.put("username", username);
        form.put("password", password);
        form.put("scope", "openid");
        return json(passwordGrantResponse(form), 200);
    }

    /** The raw answer of the token endpoint to a form. */
    public static HttpResponse<String> passwordGrantResponse(Map<String, String> form) {
        return send(HttpRequest.newBuilder(URI.create(Tokens.tokenEndpoint()))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(Tokens.formBody(form))));
    }

    /** The JSON body of a response with the expected status. */
    public static JsonNode json(HttpResponse<String> res, int expected) {
        if (res.statusCode() != expected) {
            throw new IllegalStateException("HTTP " + res.statusCode() + " (expected " + expected + "): " + res.body());
        }
        try {
            return res.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(res.body());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The claims of a JWT (no signature check: the tests only look at what Keycloak put in). */
    public static JsonNode claims(String jwt) {
        String[] parts = jwt.split("\\.");
        try {
            return JSON.readTree(java.util.Base64.getUrlDecoder().decode(parts[1]));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static HttpResponse<String> send(HttpRequest.Builder req) {
        try {
            return HTTP.send(req.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("Keycloak request failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
