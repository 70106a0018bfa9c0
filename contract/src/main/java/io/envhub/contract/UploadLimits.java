package io.envhub.contract;

/**
 * The one wheel size limit (issue 36, item 2). hub-backend refuses larger pushes with 413, the validator's size check
 * uses the same number, and the CLI refuses to build or push a larger wheel before uploading. Operators set it once:
 * {@code ENVHUB_MAX_UPLOAD_BYTES}, read by hub-backend and package-validator (the Helm chart's {@code maxUploadBytes});
 * the CLI reads the hub's figure from {@code GET /api/v1/version}.
 */
public final class UploadLimits {
    /** Default largest wheel, in bytes (50 MiB): the default of {@code ENVHUB_MAX_UPLOAD_BYTES}. */
    public static final long DEFAULT_MAX_WHEEL_BYTES = 52_428_800L;

    private UploadLimits() {
    }
}
