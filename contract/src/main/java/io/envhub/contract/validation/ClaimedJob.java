package io.envhub.contract.validation;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;

/**
 * A validation job a worker has claimed ({@code POST /internal/v1/validation/claim}): hub-backend answers it,
 * package-validator reads it. What to download and validate, and the lease the worker now holds.
 *
 * @param jobId the job
 * @param attempt this attempt's number (1 for the first)
 * @param leaseExpiresAt when the lease ends unless a heartbeat extends it
 * @param owner the environment's owner
 * @param name the environment's name
 * @param version the version to validate
 * @param filename the wheel's file name
 * @param sha256 the wheel's hex sha256
 * @param size the wheel's size in bytes
 * @param downloadUrl short-lived presigned URL of the wheel (no token needed)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ClaimedJob(long jobId, int attempt, OffsetDateTime leaseExpiresAt, String owner, String name, String version,
                         String filename, String sha256, long size, String downloadUrl) {
}
