package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.OffsetDateTime;

/**
 * A version in an environment's list ({@code GET /api/v1/environments/{owner}/{name}/versions}, newest first).
 *
 * @param version the version string as published (PEP 440)
 * @param yanked whether the owner yanked it
 * @param yankReason why, or null
 * @param createdAt when it was published
 * @param filename the wheel's file name, or null when it has no artifact
 * @param size the wheel's size in bytes, or null
 * @param sha256 the wheel's sha256 (hex), or null
 * @param verdict the hub's verdict; its fields ({@code trustStatus}, {@code statusLabel}, {@code runtimeVerified},
 *     {@code trustFlags}, {@code statusReason}) appear at the top level
 * @param quarantined taken out of the index by an admin: downloads answer 451 with {@code quarantineReason}
 * @param quarantineReason why it was quarantined, or null
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VersionSummary(String version, boolean yanked, String yankReason, OffsetDateTime createdAt,
                             String filename, Long size, String sha256, @JsonUnwrapped Verdict verdict, boolean quarantined,
                             String quarantineReason) {
}
