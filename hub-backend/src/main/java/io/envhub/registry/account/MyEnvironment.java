package io.envhub.registry.account;

import io.envhub.contract.api.EnvironmentSummary;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * An environment of the caller's (or of one of their organisations) in {@code GET /api/v1/me/environments}: the list
 * item's fields, plus its versions that failed validation.
 *
 * @param summary the list item (its fields appear at the top level)
 * @param failedVersions versions whose status is failed or error, newest first
 */
public record MyEnvironment(@JsonUnwrapped EnvironmentSummary summary, List<FailedVersion> failedVersions) {
    /**
     * A version that did not validate.
     *
     * @param reason the report's summary (failed), or the last infrastructure error (error)
     */
    public record FailedVersion(String version, String status, String reason, OffsetDateTime createdAt) {
    }
}
