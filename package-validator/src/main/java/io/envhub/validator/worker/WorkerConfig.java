package io.envhub.validator.worker;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the queue worker loop. */
@ConfigMapping(prefix = "envhub.validator.worker")
public interface WorkerConfig {
    /** Whether this process claims and validates jobs (ENVHUB_VALIDATOR_WORKER_ENABLED); off in tests unless enabled. */
    @WithDefault("true")
    boolean enabled();

    /** Pause between claims when the queue is empty or the hub cannot be reached. */
    @WithDefault("PT5S")
    Duration pollInterval();

    /** How often the lease of the running job is extended (well below the hub's lease, 120 s by default). */
    @WithDefault("PT30S")
    Duration heartbeatInterval();

    /** Timeout of one call to hub-backend (downloads included). */
    @WithDefault("PT60S")
    Duration requestTimeout();
}
