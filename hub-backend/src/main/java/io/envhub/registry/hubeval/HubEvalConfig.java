package io.envhub.registry.hubeval;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Hub-run evaluations: which model endpoints the hub may call, and the limits. */
@ConfigMapping(prefix = "envhub.hub-evals")
public interface HubEvalConfig {
    /** Hosts of the model endpoints the hub may call (ENVHUB_EVAL_ALLOWED_HOSTS, comma-separated; empty: none). */
    Optional<List<String>> allowedHosts();

    /** Whether an endpoint on this machine (localhost, 127.0.0.0/8, ::1) may be called too (ENVHUB_EVAL_ALLOW_LOOPBACK). */
    @WithDefault("false")
    boolean allowLoopback();

    /** Hub-run evaluations a user may have queued or running at once (ENVHUB_EVAL_HUB_RUNS_PER_USER). */
    @WithDefault("2")
    int maxPerUser();

    /** Most rollouts (examples × rollouts per example) of one run (ENVHUB_EVAL_HUB_RUN_MAX_ROLLOUTS). */
    @WithDefault("200")
    int maxRollouts();

    /** How long one chat completion may take. */
    @WithDefault("PT120S")
    Duration modelTimeout();

    /** Most model turns of one multi-turn rollout. */
    @WithDefault("10")
    int maxTurns();

    /** How often the instance running an evaluation renews its heartbeat. */
    @WithDefault("PT5S")
    Duration heartbeat();

    /** A queued or running evaluation whose heartbeat is older than this was interrupted (its instance stopped). */
    @WithDefault("PT30S")
    Duration staleAfter();

    /** Evaluations one hub-backend instance runs at the same time (more wait, queued). */
    @WithDefault("4")
    int workers();
}
