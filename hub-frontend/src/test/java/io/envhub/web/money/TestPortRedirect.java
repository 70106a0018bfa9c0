package io.envhub.web.money;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.testsupport.KeycloakAdmin;
import java.net.URL;

/**
 * The realm lets hub-frontend redirect to port 8080 and 18080 only; a test run on another port
 * ({@code -Dquarkus.http.test-port}, one per parallel worktree) adds its own redirect URI to the test Keycloak's
 * client before signing in. Test Keycloak only: the shipped realm is unchanged.
 */
final class TestPortRedirect {
    private TestPortRedirect() {
    }

    /** Makes sure Keycloak accepts redirects back to {@code root}'s host and port. */
    static synchronized void allow(URL root) {
        String uri = root.getProtocol() + "://127.0.0.1:" + root.getPort() + "/*";
        JsonNode found = KeycloakAdmin.json(KeycloakAdmin.call("GET", "/clients?clientId=hub-frontend", null), 200);
        ObjectNode client = (ObjectNode) found.get(0);
        ArrayNode uris = (ArrayNode) client.get("redirectUris");
        for (JsonNode u : uris) {
            if (u.asText().equals(uri)) {
                return;
            }
        }
        uris.add(uri);
        uris.add(uri.replace("127.0.0.1", "localhost"));
        KeycloakAdmin.json(KeycloakAdmin.call("PUT", "/clients/" + client.get("id").asText(), client.toString()), 204);
    }
}
