package io.envhub.validator.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only when untrusted code can be isolated (or insecure development mode was chosen explicitly). */
@Readiness
@ApplicationScoped
public class SandboxHealthCheck implements HealthCheck {

    private final SandboxGate gate;

    public SandboxHealthCheck(SandboxGate gate) {
        this.gate = gate;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("sandbox").status(gate.problem() == null)
                .withData("implementation", gate.sandbox().name())
                .withData("error", gate.problem() == null ? "none" : gate.problem())
                .build();
    }
}
