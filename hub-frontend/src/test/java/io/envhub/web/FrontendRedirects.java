package io.envhub.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.testsupport.KeycloakAdmin;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The realm file lets the frontend's sign-in come back to ports 8080 and 18080 only; a test run on another port
 * ({@code -Dquarkus.http.test-port}) adds its own origin to the {@code hub-frontend} client of the test Keycloak once.
 */
public final class FrontendRedirects {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> DONE = ConcurrentHashMap.newKeySet();

    private FrontendRedirects() {
    }

    /** Makes Keycloak accept {@code root}'s origin as a redirect target of the hub-frontend client. */
    public static void allow(String root) {
        URI uri = URI.create(root);
        String pattern = uri.getScheme() + "://" + uri.getHost() + ":" + uri.getPort() + "/*";
        if (DONE.contains(pattern)) {
            return;
        }
        try {
            JsonNode clients = JSON.readTree(KeycloakAdmin.call("GET", "/clients?clientId=hub-frontend", null).body());
            ObjectNode client = (ObjectNode) clients.get(0);
            ArrayNode uris = (ArrayNode) client.withArray("redirectUris");
            for (JsonNode u : uris) {
                if (pattern.equals(u.asText())) {
                    DONE.add(pattern);
                    return;
                }
            }
            uris.add(pattern);
            HttpResponse<String> put = KeycloakAdmin.call("PUT", "/clients/" + client.get("id").asText(), client.toString());
            if (put.statusCode() != 204) {
                throw new IllegalStateException("Keycloak refused the redirect URI: " + put.statusCode() + " " + put.body());
            }
            DONE.add(pattern);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
