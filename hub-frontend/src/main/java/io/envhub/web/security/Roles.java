package io.envhub.web.security;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashSet;
import java.util.Set;

/**
 * The realm roles in the viewer's access token ({@code realm_access.roles}), read only to decide which pages, links
 * and forms to offer (the admin console, the sponsor's forms): hub-backend and bounty-service check the same token on
 * every call, so a forged or stale claim here only shows a page or form whose calls are refused.
 */
public final class Roles {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Roles() {
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

    /** Whether the token may create bounties (sponsor or admin). */
    public static boolean sponsor(String bearer) {
        Set<String> roles = of(bearer);
        return roles.contains("sponsor") || roles.contains("admin");
    }

    /** Whether the token carries the {@code admin} role. */
    public static boolean admin(String bearer) {
        return of(bearer).contains("admin");
    }
}
