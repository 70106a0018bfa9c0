package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * What changed between two versions of an environment
 * ({@code GET /api/v1/environments/{owner}/{name}/diff/{from}...{to}}): the wheel's files (added, removed, changed,
 * with sizes and a unified diff of text files), the declared dependencies, the core metadata, and the validation
 * report (status, trust flags, checks). The web page {@code /{owner}/{name}/diff/{from}...{to}} renders it.
 *
 * @param owner the owner
 * @param name the environment
 * @param from the older side as asked ({@code from} in the URL)
 * @param to the newer side as asked
 * @param files the files that differ, by path (unchanged files are left out); a dist-info directory is matched across
 *     versions whatever its version in the name
 * @param unchangedFiles how many files are byte for byte the same
 * @param dependencies the {@code Requires-Dist} changes, by requirement name
 * @param metadata the core metadata fields that differ (dependencies left out: see {@code dependencies})
 * @param validation what changed in the validation outcome
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record VersionDiff(String owner, String name, Side from, Side to, List<FileChange> files, int unchangedFiles,
                          List<DependencyChange> dependencies, List<FieldChange> metadata, ValidationChange validation) {

    /** Change kinds of files and dependencies. */
    public static final String ADDED = "added";
    public static final String REMOVED = "removed";
    public static final String CHANGED = "changed";

    /** File kinds: a text file (with a diff), binary, too large to diff, or the wheel's generated RECORD. */
    public static final String TEXT = "text";
    public static final String BINARY = "binary";
    public static final String LARGE = "large";
    public static final String GENERATED = "generated";

    public VersionDiff {
        files = List.copyOf(files);
        dependencies = List.copyOf(dependencies);
        metadata = List.copyOf(metadata);
    }

    /**
     * One side of the comparison.
     *
     * @param version the version as published
     * @param createdAt when it was published
     * @param filename its wheel
     * @param size the wheel's size in bytes
     * @param sha256 the wheel's sha256
     * @param status the internal validation status
     * @param trustStatus the verdict's code
     * @param statusLabel the verdict's words
     * @param yanked whether it is yanked
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Side(String version, OffsetDateTime createdAt, String filename, Long size, String sha256, String status,
                       String trustStatus, String statusLabel, boolean yanked) {
    }

    /**
     * A file that differs.
     *
     * @param path the path (the newer side's, for a dist-info file)
     * @param change {@value #ADDED}, {@value #REMOVED} or {@value #CHANGED}
     * @param kind {@value #TEXT}, {@value #BINARY}, {@value #LARGE} or {@value #GENERATED}
     * @param fromSize size before (null when added)
     * @param toSize size after (null when removed)
     * @param additions lines added (text files)
     * @param deletions lines removed (text files)
     * @param diff the unified diff (text files; null otherwise), plain text: escape it to show it
     * @param diffTruncated whether {@code diff} stops early (it is capped)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record FileChange(String path, String change, String kind, Long fromSize, Long toSize, int additions,
                             int deletions, String diff, boolean diffTruncated) {
    }

    /**
     * A dependency that was added, removed, or whose requirement changed.
     *
     * @param name the requirement's project name (normalised)
     * @param change {@value #ADDED}, {@value #REMOVED} or {@value #CHANGED}
     * @param from the requirement before, as written (null when added)
     * @param to the requirement after (null when removed)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record DependencyChange(String name, String change, String from, String to) {
    }

    /**
     * A core metadata field that differs.
     *
     * @param field the header name, e.g. {@code Summary}
     * @param from the value before (null when absent; several values joined with a newline)
     * @param to the value after
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record FieldChange(String field, String from, String to) {
    }

    /**
     * What changed in the validation outcome.
     *
     * @param fromStatus the older side's verdict code
     * @param toStatus the newer side's verdict code
     * @param newFlags trust flags the newer side has and the older had not
     * @param clearedFlags trust flags the older side had and the newer has not
     * @param checks the checks whose status changed (or that appear on one side only)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ValidationChange(String fromStatus, String toStatus, List<Verdict.TrustFlag> newFlags,
                                   List<Verdict.TrustFlag> clearedFlags, List<CheckChange> checks) {
        public ValidationChange {
            newFlags = List.copyOf(newFlags);
            clearedFlags = List.copyOf(clearedFlags);
            checks = List.copyOf(checks);
        }
    }

    /**
     * A check whose status differs.
     *
     * @param id the check's id, e.g. {@code runtime.rewards}
     * @param fromStatus {@code pass}, {@code warn}, {@code fail}, {@code skip}, or null when the older report lacks it
     * @param toStatus the newer report's, or null
     * @param message the newer report's message (the older's when the newer lacks the check)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record CheckChange(String id, String fromStatus, String toStatus, String message) {
    }
}
