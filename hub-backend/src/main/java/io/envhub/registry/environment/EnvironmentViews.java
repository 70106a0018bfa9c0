package io.envhub.registry.environment;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.envhub.format.metadata.ProjectUrls;
import io.envhub.registry.model.Verdict;
import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of the environment endpoints. */
public final class EnvironmentViews {
    private EnvironmentViews() {
    }

    /**
     * An environment's page data. The verdict's fields ({@code trustStatus}, {@code statusLabel}, {@code runtimeVerified},
     * {@code trustFlags}, {@code statusReason}) are those of the latest version, at the top level (absent when there is
     * no latest version); {@code validated} is the newest validated, non-yanked version and its verdict, or null;
     * {@code projectUrls} are the latest version's {@code Project-URL}s (and {@code Home-page}), http(s) only, each with
     * its kind (source, paper, homepage, documentation, other); {@code domains} are the tags in the shared domain list.
     * {@code unlisted}: an admin took it out of search, home and the index ({@code unlistReason} says why).
     */
    public record Detail(String owner, String name, String displayName, String summary, List<String> tags, String license,
                         String visibility, String latestVersion, String latestStatus, int starCount, long downloadCount,
                         boolean starredByMe, OffsetDateTime createdAt, OffsetDateTime updatedAt, Install install,
                         @JsonUnwrapped Verdict verdict, ValidatedVersion validated, boolean unlisted, String unlistReason,
                         List<ProjectUrls.Link> projectUrls, List<String> domains) {
        /** The same detail with other counters and star mark (what changes without a change of the index stamp). */
        public Detail withCounters(int stars, long downloads, boolean starred) {
            return new Detail(owner, name, displayName, summary, tags, license, visibility, latestVersion, latestStatus, stars,
                    downloads, starred, createdAt, updatedAt, install, verdict, validated, unlisted, unlistReason, projectUrls,
                    domains);
        }
    }

    /** The newest validated, non-yanked version and its verdict (fields at the top level of this object). */
    public record ValidatedVersion(String version, @JsonUnwrapped Verdict verdict) {
    }

    /** How to install it. */
    public record Install(String pip, String envhub) {
    }

    /** The README as published. */
    public record Readme(String contentType, String text) {
    }

    /** A settings change; absent (null) fields stay as they are. */
    public record SettingsPatch(String summary, String visibility, List<String> tags) {
    }
}
