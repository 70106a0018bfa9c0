package io.envhub.registry.session;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;

/** Hosted sessions: where the session runners are and the per-user limits. */
@ConfigMapping(prefix = "envhub.sessions")
public interface SessionConfig {
    /**
     * Base URLs of the validators' session runners (ENVHUB_SESSION_RUNNERS, comma-separated); a new session goes to
     * the one holding fewest open sessions.
     */
    @WithDefault("http://127.0.0.1:8083")
    List<String> runnerUrls();

    /** Shared secret sent to the runners in X-EnvHub-Runner-Secret (ENVHUB_SESSION_RUNNER_SECRET); the same value as the validators'. */
    @WithDefault("dev-session-runner-secret")
    String runnerSecret();

    /** A session unused this long is over (ENVHUB_SESSION_IDLE; the runner kills its process after the same time). */
    @WithDefault("PT5M")
    Duration idle();

    /** Longest life of a session, however busy. */
    @WithDefault("PT1H")
    Duration lifetime();

    /** Most open sessions per user (ENVHUB_SESSION_MAX_PER_USER). */
    @WithDefault("3")
    int maxPerUser();

    /** Most resets and steps per user and minute over all their sessions (ENVHUB_SESSION_STEPS_PER_MINUTE). */
    @WithDefault("120")
    int stepsPerMinute();

    /** How long the hub waits for a runner to install and load an environment. */
    @WithDefault("PT180S")
    Duration startTimeout();

    /** How long the hub waits for one reset or step. */
    @WithDefault("PT90S")
    Duration stepTimeout();
}
