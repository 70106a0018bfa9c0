package io.envhub.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Real access tokens from the test Keycloak: password grant for demo users, client credentials for services. */
public final class Tokens {
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private Tokens() {
    }

    /** An access token for a demo user through the public {@code envhub-dev} client (password grant). */
    public static String forUser(String username, String password) {
        return forUser(KeycloakTestResource.baseUrl(), username, password);
    }

    /** An access token for a demo user from the {@code envhub} realm of the Keycloak at {@code keycloakUrl}. */
    public static String forUser(String keycloakUrl, String username, String password) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "password");
        form.put("client_id", "envhub-dev");
        form.put("username", username);
        form.put("password", password);
        form.put("scope", "openid");
        return post(keycloakUrl + "/realms/envhub/protocol/openid-connect/token", form).get("access_token").asText();
    }

    /** An access token for a confidential client's service account (client credentials grant). */
    public static String forClient(String clientId, String secret) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "client_credentials");
        form.put("client_id", clientId);
        form.put("client_secret", secret);
        return request(form).get("access_token").asText();
    }

    /**
     * Makes sure a user exists in the test realm (created through Keycloak's admin API with the bootstrap admin,
     * so it gets the realm's default roles, i.e. {@code contributor}); the password equals the user name.
     */
    public static void ensureUser(String username) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("grant_type", "password");
        form.put("client_id", "admin-cli");
        form.put("username", System.getenv().getOrDefault("ENVHUB_KEYCLOAK_ADMIN", "admin"));
        form.put("password", System.getenv().getOrDefault("ENVHUB_KEYCLOAK_ADMIN_PASSWORD", "admin"));
        String admin = post(KeycloakTestResource.baseUrl() + "/realms/master/protocol/openid-connect/token", form)
                .get("access_token").asText();
        String user = "{\"username\":\"" + username + "\",\"enabled\":true,\"email\":\"" + username
                + "@envhub.local\",\"emailVerified\":true,\"firstName\":\"" + username + "\",\"lastName\":\"Test\","
                + "\"credentials\":[" + hashedPassword(username) + "]}";
        HttpRequest req = HttpRequest.newBuilder(URI.create(KeycloakTestResource.baseUrl() + "/admin/realms/envhub/users"))
                .header("Authorization", "Bearer " + admin).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(user)).build();
        try {
            int status = HTTP.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status != 201 && status != 409) {
                throw new IllegalStateException("could not create test user " + username + ": HTTP " + status);
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * A password credential stored already hashed (PBKDF2-SHA512, as Keycloak stores them). The realm's password
     * policy (12 characters and more) applies to passwords given in clear, so short test passwords are set this way,
     * like the demo users' in the realm file.
     */
    static String hashedPassword(String password) {
        try {
            byte[] salt = new byte[16];
            new java.security.SecureRandom().nextBytes(salt);
            int iterations = 27_500;
            javax.crypto.SecretKeyFactory f = javax.crypto.SecretKeyFactory.getInstance("PBKDF2WithHmacSHA512");
            byte[] hash = f.generateSecret(new javax.crypto.spec.PBEKeySpec(password.toCharArray(), salt, iterations, 512))
                    .getEncoded();
            java.util.Base64.Encoder b64 = java.util.Base64.getEncoder();
            String secret = "{\"value\":\"" + b64.encodeToString(hash) + "\",\"salt\":\"" + b64.encodeToString(salt)
                    + "\",\"additionalParameters\":{}}";
            String data = "{\"hashIterations\":" + iterations + ",\"algorithm\":\"pbkdf2-sha512\",\"additionalParameters\":{}}";
            return "{\"type\":\"password\",\"temporary\":false,\"secretData\":" + JSON.writeValueAsString(secret)
                    + ",\"credentialData\":" + JSON.writeValueAsString(data) + "}";
        } catch (java.security.GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The token endpoint of the test realm. */
    public static String tokenEndpoint() {
        return KeycloakTestResource.baseUrl() + "/realms/envhub/protocol/openid-connect/token";
    }

    /** Form-encodes a map. */
    public static String formBody(Map<String, String> form) {
        return form.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private static JsonNode request(Map<String, String> form) {
        return post(tokenEndpoint(), form);
    }

    private static JsonNode post(String url, Map<String, String> form) {
        HttpRequest req = HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(formBody(form)))
                .build();
        try {
            HttpResponse<String> res = HTTP.send(req, HttpResponse.BodyHandlers.ofString());
            if (res.statusCode() != 200) {
                throw new IllegalStateException("token request failed: HTTP " + res.statusCode() + " " + res.body());
            }
            return JSON.readTree(res.body());
        } catch (IOException e) {
            throw new IllegalStateException("token request failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
