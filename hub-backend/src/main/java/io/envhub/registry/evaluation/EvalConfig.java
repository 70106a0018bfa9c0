package io.envhub.registry.evaluation;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Limits on pushed evaluation runs and how their rollouts are paged. */
@ConfigMapping(prefix = "envhub.evals")
public interface EvalConfig {
    /** Largest metadata.json accepted, in bytes (ENVHUB_EVAL_MAX_METADATA_BYTES). */
    @WithDefault("1048576")
    long maxMetadataBytes();

    /** Largest results part as sent (gzip or not), in bytes (ENVHUB_EVAL_MAX_UPLOAD_BYTES). */
    @WithDefault("104857600")
    long maxUploadBytes();

    /** Largest results.jsonl once decompressed, in bytes (ENVHUB_EVAL_MAX_RESULTS_BYTES); caps gzip bombs too. */
    @WithDefault("536870912")
    long maxResultsBytes();

    /** Longest single line (rollout) of results.jsonl, in bytes (ENVHUB_EVAL_MAX_ROW_BYTES). */
    @WithDefault("8388608")
    int maxRowBytes();

    /** Most rollouts (num_examples × rollouts_per_example) one run may hold. */
    @WithDefault("1000000")
    int maxRollouts();

    /** Rollouts per page of the rollouts API and table; fixed per run when it is stored. */
    @WithDefault("20")
    int pageSize();
}
