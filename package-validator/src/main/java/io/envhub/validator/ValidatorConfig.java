package io.envhub.validator;

import io.smallrye.config.ConfigMapping;
import java.util.Optional;

/** Settings of a validator worker. */
@ConfigMapping(prefix = "envhub.validator")
public interface ValidatorConfig {
    /** Base URL of hub-backend, whose internal API hands out validation jobs (ENVHUB_BACKEND_URL). */
    String hubUrl();

    /** A name for this worker in job leases and logs; defaults to host name and pid. */
    Optional<String> workerId();
}
