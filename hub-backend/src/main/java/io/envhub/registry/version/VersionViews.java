package io.envhub.registry.version;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of the version endpoints. */
public final class VersionViews {
    private VersionViews() {
    }

    /** A version in the list. */
    public record Summary(String version, String status, boolean yanked, String yankReason, OffsetDateTime createdAt,
                          String filename, Long size, String sha256) {
    }

    /** One version in full; {@code files} is the number of files in its wheel. */
    public record Detail(String version, String status, boolean yanked, String yankReason, OffsetDateTime createdAt,
                         String filename, Long size, String sha256, String summary, String requiresPython,
                         List<String> dependencies, JsonNode coreMetadata, int files) {
    }

    /** A file inside the wheel. */
    public record FileEntry(String path, long size, String sha256) {
    }
}
