package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * One version in full ({@code GET /api/v1/environments/{owner}/{name}/versions/{version}}).
 *
 * @param version the version string as published (PEP 440)
 * @param yanked whether the owner yanked it
 * @param yankReason why, or null
 * @param createdAt when it was published
 * @param filename the wheel's file name, or null
 * @param size the wheel's size in bytes, or null
 * @param sha256 the wheel's sha256 (hex), or null
 * @param summary the core metadata's {@code Summary}, or null
 * @param requiresPython the core metadata's {@code Requires-Python}, or null
 * @param dependencies the core metadata's {@code Requires-Dist} lines
 * @param coreMetadata every core metadata header as the hub stored it (a JSON object; its shape is the hub's)
 * @param files the number of files in the wheel
 * @param verdict the hub's verdict, its fields at the top level ({@link Verdict})
 * @param quarantined taken out of the index by an admin: downloads answer 451 with {@code quarantineReason}
 * @param quarantineReason why it was quarantined, or null
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VersionDetail(String version, boolean yanked, String yankReason, OffsetDateTime createdAt,
                            String filename, Long size, String sha256, String summary, String requiresPython,
                            List<String> dependencies, JsonNode coreMetadata, int files, @JsonUnwrapped Verdict verdict,
                            boolean quarantined, String quarantineReason) {
}
