package io.envhub.validator;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** Settings of a validator worker. */
@ConfigMapping(prefix = "envhub.validator")
public interface ValidatorConfig {
    /** Base URL of hub-backend, whose internal API hands out validation jobs (ENVHUB_BACKEND_URL). */
    String hubUrl();

    /** A name for this worker in job leases and logs; defaults to host name and pid. */
    Optional<String> workerId();

    /** Directory of wheels that dependencies are installed from, offline (pip --no-index --find-links); none by default. */
    Optional<String> wheelhouse();

    /** Directory for per-job directories; must be searchable by the sandbox uid (default: java.io.tmpdir/envhub-validator). */
    Optional<String> workDir();

    /**
     * Simple index that resolves a wheel's dependencies before the sandbox run, {@code {owner}} replaced by the job's
     * owner (default {@code <hub-url>/simple/{owner}/}: the hub's own index, which falls back upstream); {@code off}
     * turns resolution off (dependencies then come from the wheelhouse only).
     */
    Optional<String> dependencyIndex();

    /** Shared, content-addressed cache of dependency wheels (default: java.io.tmpdir/envhub-dependency-cache). */
    Optional<String> dependencyCache();

    /** Size cap of the dependency cache in bytes (2 GiB); least recently used wheels are evicted beyond it. */
    @WithDefault("2147483648")
    long dependencyCacheMaxBytes();

    /** Wall-clock limit of one dependency resolution and of one wheel download, in seconds. */
    @WithDefault("300")
    int dependencyTimeoutSeconds();

    /**
     * Largest wheel file the validator accepts, in bytes (50 MiB): set through ENVHUB_MAX_UPLOAD_BYTES, the same setting
     * as hub-backend's upload limit (application.properties), so the two never disagree.
     */
    @WithDefault("52428800")
    long maxWheelBytes();

    /** Most bytes a wheel may unpack to, in bytes (512 MiB). */
    @WithDefault("536870912")
    long maxUnpackedBytes();

    /** Dataset rows every reward function is called on in the runtime check. */
    @WithDefault("3")
    int sampleRows();

    /** Dataset rows the reward-hacking probes use. */
    @WithDefault("20")
    int probeRows();

    /** Most dataset rows kept in the contamination fingerprint (consistent sample beyond that). */
    @WithDefault("1000")
    int fingerprintRows();
}
