package io.envhub.registry.publish;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Limits on pushed wheels. */
@ConfigMapping(prefix = "envhub.upload")
public interface UploadConfig {
    /** Largest wheel accepted, in bytes (ENVHUB_MAX_UPLOAD_BYTES); larger pushes get 413 before the body is read. */
    @WithDefault("104857600")
    long maxBytes();
}
