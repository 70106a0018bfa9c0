package io.envhub.registry.benchmark;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the reference benchmarks and of the re-check of stored reports when a set is added or removed. */
@ConfigMapping(prefix = "envhub.benchmarks")
public interface BenchmarkConfig {
    /**
     * Share of a dataset's rows found in a reference set above which a contamination finding names the benchmark
     * (ENVHUB_BENCHMARKS_THRESHOLD): 5 %, because a few percent of a test split inside training data already lifts a
     * model's score on it, and unrelated text almost never shares two LSH bands (see the README).
     */
    @WithDefault("0.05")
    double threshold();

    /** Most items one reference set may have (ENVHUB_BENCHMARKS_MAX_ITEMS); MMLU's test split has 14,042. */
    @WithDefault("100000")
    int maxItems();

    /** Whether this instance runs the re-check worker (ENVHUB_BENCHMARKS_RECHECK_WORKER). */
    @WithDefault("true")
    boolean recheckWorker();

    /** Reports one round of the re-check worker claims. */
    @WithDefault("20")
    int recheckBatch();

    /** How long a claimed re-check stays leased before another instance may take it again. */
    @WithDefault("PT60S")
    Duration recheckLease();
}
