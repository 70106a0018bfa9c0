package io.envhub.web.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.web.WebConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The services' JSON clients, one per service for the application (their HTTP connections shared). */
@Singleton
public class ServiceClients {
    /** How long one bounty-service call may take (what its REST client's read-timeout was). */
    private static final long BOUNTY_TIMEOUT_MS = 5000;

    /**
     * hub-backend at {@code quarkus.rest-client.hub-api.url}, each call bounded by
     * {@code quarkus.rest-client.hub-api.read-timeout}.
     */
    @Produces
    @Singleton
    @HubBackend
    ServiceJson hubBackend(@ConfigProperty(name = "quarkus.rest-client.hub-api.url") String url,
                           @ConfigProperty(name = "quarkus.rest-client.hub-api.read-timeout", defaultValue = "5000")
                           long timeoutMs, ObjectMapper json) {
        return new ServiceJson(url, timeoutMs, json);
    }

    /** bounty-service at {@code envhub.web.bounty-url} (ENVHUB_BOUNTY_URL), each call bounded by five seconds. */
    @Produces
    @Singleton
    @BountyService
    ServiceJson bountyService(WebConfig web, ObjectMapper json) {
        return new ServiceJson(web.bountyUrl(), BOUNTY_TIMEOUT_MS, json);
    }
}
