package io.envhub.registry.storage;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Where artifacts are stored: any S3-compatible object store. */
@ConfigMapping(prefix = "envhub.storage")
public interface StorageConfig {
    /** Base URL of the S3 API endpoint, e.g. {@code http://127.0.0.1:9000} (ENVHUB_S3_ENDPOINT). */
    String endpoint();

    /**
     * Base URL clients (pip, browsers, the validator) use to reach the object store, when it differs from
     * {@link #endpoint()} (e.g. {@code http://localhost:9000} under docker compose) (ENVHUB_S3_PUBLIC_ENDPOINT).
     * Presigned download URLs are signed for this host.
     */
    java.util.Optional<String> publicEndpoint();

    /** Access key of the object store account (ENVHUB_S3_ACCESS_KEY). */
    String accessKey();

    /** Secret key of the object store account (ENVHUB_S3_SECRET_KEY); never logged. */
    String secretKey();

    /** Bucket that holds the artifacts; created at start-up when missing (ENVHUB_S3_BUCKET). */
    String bucket();

    /** Region name sent in signatures; S3Proxy and MinIO accept the default. */
    @WithDefault("us-east-1")
    String region();

    /** How long a presigned download URL stays valid. */
    @WithDefault("PT5M")
    Duration presignTtl();
}
