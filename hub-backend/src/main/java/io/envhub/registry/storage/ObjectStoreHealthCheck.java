package io.envhub.registry.storage;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready only when the object store answers and the artifact bucket exists. */
@Readiness
@ApplicationScoped
public class ObjectStoreHealthCheck implements HealthCheck {
    private final ObjectStore store;
    private final StorageConfig config;

    public ObjectStoreHealthCheck(ObjectStore store, StorageConfig config) {
        this.store = store;
        this.config = config;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("object-store")
                .status(store.isReachable())
                .withData("bucket", config.bucket())
                .build();
    }
}
