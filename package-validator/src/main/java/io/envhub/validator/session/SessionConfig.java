package io.envhub.validator.session;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** Settings of the session runner (hosted OpenEnv sessions beside the job worker). */
@ConfigMapping(prefix = "envhub.validator.sessions")
public interface SessionConfig {
    /** Shared secret hub-backend sends in {@code X-EnvHub-Runner-Secret} (ENVHUB_SESSION_RUNNER_SECRET); set it in production. */
    @WithDefault("dev-session-runner-secret")
    String runnerSecret();

    /** A session unused this long is closed and its process killed (ENVHUB_SESSION_IDLE). */
    @WithDefault("PT5M")
    Duration idle();

    /** Longest life of a session (its sandbox's wall-clock limit). */
    @WithDefault("PT1H")
    Duration lifetime();

    /** Most sessions this runner holds at once; beyond it a start is refused with 503. */
    @WithDefault("32")
    int maxSessions();

    /** How long one reset or step may take before the session process is killed. */
    @WithDefault("PT60S")
    Duration stepTimeout();

    /**
     * The URL hub-backend reaches this runner at directly (ENVHUB_SESSION_RUNNER_ADVERTISE_URL), returned when a session
     * starts: where runners sit behind one load-balanced address (a Kubernetes Service), a session's later calls must
     * reach the process holding it, not any replica. Unset: the address the start was sent to.
     */
    Optional<String> advertiseUrl();

    /** How long installing and loading an environment may take. */
    @WithDefault("PT120S")
    Duration loadTimeout();
}
