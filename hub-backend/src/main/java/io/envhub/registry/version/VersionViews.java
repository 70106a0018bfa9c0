package io.envhub.registry.version;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.registry.model.Verdict;
import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of the version endpoints. */
public final class VersionViews {
    private VersionViews() {
    }

    /**
     * A version in the list; {@code verdict}'s fields ({@code trustStatus}, {@code statusLabel}, {@code runtimeVerified},
     * {@code trustFlags}, {@code statusReason}) appear at the top level next to {@code status}.
     */
    public record Summary(String version, String status, boolean yanked, String yankReason, OffsetDateTime createdAt,
                          String filename, Long size, String sha256, @JsonUnwrapped Verdict verdict, boolean quarantined,
                          String quarantineReason) {
    }

    /**
     * One version in full; {@code files} is the number of files in its wheel; the verdict's fields at the top level.
     * {@code quarantined}: taken out of the index by an admin, downloads answer 451 with {@code quarantineReason}.
     */
    public record Detail(String version, String status, boolean yanked, String yankReason, OffsetDateTime createdAt,
                         String filename, Long size, String sha256, String summary, String requiresPython,
                         List<String> dependencies, JsonNode coreMetadata, int files, @JsonUnwrapped Verdict verdict,
                         boolean quarantined, String quarantineReason) {
    }

    /** A file inside the wheel. */
    public record FileEntry(String path, long size, String sha256) {
    }
}
