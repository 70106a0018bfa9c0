package io.envhub.registry.admin;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The dedicated Keycloak client through which admin actions change users ({@code envhub.admin-client.*}): its service
 * account holds realm-management's {@code manage-users} (enable/disable, sign out, map roles) and {@code view-realm}
 * (read the role to map), nothing else. Kept apart from the backend's read-only {@code hub-backend} client.
 */
@ConfigMapping(prefix = "envhub.admin-client")
public interface AdminClientConfig {
    /** Client id of the admin service account (realm file: {@code hub-admin}). */
    @WithDefault("hub-admin")
    String clientId();

    /** That client's secret (ENVHUB_ADMIN_CLIENT_SECRET). */
    @WithDefault("dev-admin-secret")
    String clientSecret();
}
