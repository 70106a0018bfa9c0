package io.envhub.registry.publish.upload;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Limits on pushed wheels. */
@ConfigMapping(prefix = "envhub.upload")
public interface UploadConfig {
    /**
     * Largest wheel accepted, in bytes (ENVHUB_MAX_UPLOAD_BYTES, default {@link io.envhub.contract.UploadLimits}'s 50 MiB);
     * larger pushes get 413 before the body is read. The validator's size check reads the same setting.
     */
    @WithDefault("52428800")
    long maxBytes();
}
