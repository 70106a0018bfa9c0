package io.envhub.validator.hub;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.kit.auth.ServiceAccount;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only when the service account can get a token that carries the {@code validator} role. */
@Readiness
@ApplicationScoped
public class ServiceAccountHealthCheck implements HealthCheck {
    private final ServiceAccount account;
    private final ObjectMapper json;

    public ServiceAccountHealthCheck(ServiceAccount account, ObjectMapper json) {
        this.account = account;
        this.json = json;
    }

    @Override
    public HealthCheckResponse call() {
        try {
            JsonNode claims = json.readTree(ServiceAccount.payload(account.accessToken()));
            boolean validator = false;
            for (JsonNode role : claims.path("realm_access").path("roles")) {
                validator |= "validator".equals(role.asText());
            }
            return HealthCheckResponse.named("service-account").status(validator)
                    .withData("username", claims.path("preferred_username").asText())
                    .withData("role-validator", validator).build();
        } catch (Exception e) {
            return HealthCheckResponse.named("service-account").down().withData("error", e.getMessage()).build();
        }
    }
}
