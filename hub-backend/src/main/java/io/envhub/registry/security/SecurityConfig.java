package io.envhub.registry.security;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Deprovisioning checks for personal access tokens: how the backend asks Keycloak about a user's current state. */
@ConfigMapping(prefix = "envhub.security")
public interface SecurityConfig {
    /** Keycloak base URL (ENVHUB_KEYCLOAK_URL), without {@code /realms/...}. */
    @WithDefault("http://127.0.0.1:8180")
    String keycloakUrl();

    /** The realm whose users sign in. */
    @WithDefault("envhub")
    String realm();

    /** The backend's own confidential client; its service account needs realm-management's {@code view-users}. */
    @WithDefault("hub-backend")
    String clientId();

    /** That client's secret (ENVHUB_BACKEND_CLIENT_SECRET). */
    @WithDefault("dev-backend-secret")
    String clientSecret();

    /** How long a user's state (enabled, realm roles) read from Keycloak is trusted before it is read again. */
    @WithDefault("PT1M")
    Duration userStateTtl();
}
