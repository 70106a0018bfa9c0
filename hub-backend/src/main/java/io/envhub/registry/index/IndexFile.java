package io.envhub.registry.index;

import java.time.OffsetDateTime;

/**
 * One file of a project page: what the index says about an artifact and its version, read in one query.
 *
 * @param filename the wheel's file name
 * @param sha256 lower-case hex sha256 of the file
 * @param size bytes
 * @param metadataSha256 sha256 of the PEP 658 metadata file served next to it
 * @param uploadedAt when the file was published
 * @param version the version's canonical string
 * @param yanked whether the version is yanked (PEP 592)
 * @param yankReason the reason given when yanking, or null
 * @param requiresPython the version's Requires-Python, or null
 */
public record IndexFile(String filename, String sha256, long size, String metadataSha256, OffsetDateTime uploadedAt,
                        String version, boolean yanked, String yankReason, String requiresPython) {
}
