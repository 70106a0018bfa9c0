package io.envhub.web.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashSet;
import java.util.Set;

/**
 * The realm roles in an access token ({@code realm_access.roles}). The frontend reads them only to decide which pages
 * and forms to show: the APIs check the same token on every call (hub-backend's admin API answers 404 to a non-admin),
 * so a forged claim here only shows a page whose every call is refused.
 */
public final class AccessRoles {
    private static final ObjectMapper JSON = new ObjectMapper();

    private AccessRoles() {
    }

    /** The roles of {@code Bearer <jwt>}; empty for anonymous visitors or a token that is not a JWT. */
    public static Set<String> of(String bearer) {
        Set<String> roles = new HashSet<>();
        if (bearer == null || !bearer.startsWith("Bearer ")) {
            return roles;
        }
        String[] parts = bearer.substring("Bearer ".length()).split("\\.");
        if (parts.length < 2) {
            return roles;
        }
        try {
            JsonNode claims = JSON.readTree(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
            claims.path("realm_access").path("roles").forEach(r -> roles.add(r.asText()));
        } catch (java.io.IOException | IllegalArgumentException e) {
            return roles;
        }
        return roles;
    }

    /** Whether the token carries the {@code admin} role. */
    public static boolean admin(String bearer) {
        return of(bearer).contains("admin");
    }
}
