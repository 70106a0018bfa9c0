package io.envhub.registry.validation;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the validation queue. */
@ConfigMapping(prefix = "envhub.validation")
public interface ValidationConfig {
    /** How long a claimed job stays leased to its worker without a heartbeat (ENVHUB_VALIDATION_LEASE). */
    @WithDefault("PT120S")
    Duration lease();

    /** Attempts a job gets; after the last one fails (or its lease expires) the job and the version become error. */
    @WithDefault("3")
    int maxAttempts();

    /** Overlap (fraction of this dataset's rows found in another environment's) above which contamination is reported. */
    @WithDefault("0.3")
    double contaminationThreshold();

    /** How often the queue-depth gauge ({@code envhub_validation_queue_jobs}) re-reads the job table. */
    @WithDefault("PT10S")
    Duration metricsRefresh();
}
