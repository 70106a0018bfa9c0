package io.envhub.bounty.hub;

import io.envhub.kit.auth.ServiceAccount;
import io.quarkus.oidc.client.OidcClient;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The bounty service's own identity towards hub-backend (the kit's {@link ServiceAccount}, client credentials). */
public class ServiceAccounts {
    @Produces
    @Singleton
    ServiceAccount account(OidcClient client) {
        return new ServiceAccount(client);
    }
}
