package io.envhub.validator.hub;

import io.envhub.kit.auth.ServiceAccount;
import io.quarkus.oidc.client.OidcClient;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The validator's own identity (the kit's {@link ServiceAccount} over the configured OIDC client). */
public class ServiceAccounts {
    @Produces
    @Singleton
    ServiceAccount account(OidcClient client) {
        return new ServiceAccount(client);
    }
}
