package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * An environment's page data ({@code GET /api/v1/environments/{owner}/{name}}).
 *
 * @param owner the owner's name
 * @param name the environment's name
 * @param displayName the name as the owner spelled it, or null
 * @param summary one line, or null
 * @param tags its tags
 * @param license the latest version's licence, or null
 * @param visibility {@code public} or {@code private}
 * @param latestVersion the latest version, or null when none is published
 * @param starCount stars
 * @param downloadCount downloads, all time
 * @param starredByMe whether the caller starred it
 * @param createdAt when it was created
 * @param updatedAt when it last changed
 * @param install how to install it
 * @param verdict the latest version's verdict, its fields at the top level ({@link Verdict}); absent from the JSON
 *     when there is no latest version (read back: all fields null)
 * @param validated the newest validated, non-yanked version and its verdict, or null
 * @param unlisted an admin took it out of search, home and the index ({@code unlistReason} says why)
 * @param unlistReason why it is unlisted, or null
 * @param projectUrls the latest version's {@code Project-URL}s (and {@code Home-page}), http(s) only, each with its kind
 * @param domains its tags that are in the shared research-domain list
 * @param gated {@code auto} or {@code manual} when its files need access (the page stays public), else null
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record EnvironmentDetail(String owner, String name, String displayName, String summary, List<String> tags,
                                String license, String visibility, String latestVersion, int starCount,
                                long downloadCount, boolean starredByMe, OffsetDateTime createdAt, OffsetDateTime updatedAt,
                                Install install, @JsonUnwrapped Verdict verdict, ValidatedVersion validated,
                                boolean unlisted, String unlistReason, List<ProjectLink> projectUrls,
                                List<String> domains, String gated) {

    /**
     * The same detail with other counters and star mark (what changes without a change of the hub's index stamp).
     *
     * @param stars stars
     * @param downloads downloads
     * @param starred whether the caller starred it
     * @return the changed copy
     */
    public EnvironmentDetail withCounters(int stars, long downloads, boolean starred) {
        return new EnvironmentDetail(owner, name, displayName, summary, tags, license, visibility, latestVersion,
                stars, downloads, starred, createdAt, updatedAt, install, verdict, validated, unlisted,
                unlistReason, projectUrls, domains, gated);
    }

    /**
     * The newest validated, non-yanked version and its verdict (the verdict's fields at the top level of this object).
     *
     * @param version the version
     * @param verdict its verdict
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ValidatedVersion(String version, @JsonUnwrapped Verdict verdict) {
    }

    /**
     * How to install it.
     *
     * @param pip the pip command (with the hub's index URL)
     * @param envhub the envhub command
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Install(String pip, String envhub) {
    }
}
