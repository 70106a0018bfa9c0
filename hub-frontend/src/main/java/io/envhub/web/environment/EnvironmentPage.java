package io.envhub.web.environment;

import io.envhub.contract.api.EnvironmentDetail;
import io.envhub.contract.api.VersionSummary;
import java.util.List;

/**
 * Everything the environment page shows.
 *
 * @param env the environment
 * @param readmeHtml sanitized README HTML (empty when none)
 * @param versions versions, newest first
 * @param chartSvg downloads chart (inline SVG drawn by {@link DownloadChart})
 * @param downloads30d downloads over the charted days
 * @param install the install commands, or null when the backend gave none
 * @param overview what is shown in place of a missing README (generated from the package), or null with a README
 */
public record EnvironmentPage(EnvironmentDetail env, String readmeHtml, List<VersionSummary> versions, String chartSvg,
                              long downloads30d, InstallSnippets install, Overview overview) {
    /** The environment's own URL. */
    public String href() {
        return "/" + env.owner() + "/" + env.name();
    }

    /**
     * The latest version when the hub's admins quarantined it, else null: the page then shows no verdict badge for it,
     * says it is quarantined and why (issue 36 item 10).
     */
    public VersionSummary quarantined() {
        if (env.latestVersion() == null || versions == null) {
            return null;
        }
        return versions.stream().filter(v -> env.latestVersion().equals(v.version()) && Boolean.TRUE.equals(v.quarantined()))
                .findFirst().orElse(null);
    }

    /**
     * The install commands to show, or null: none while the latest version is quarantined and no other version is
     * served (pip would find nothing to install).
     */
    public InstallSnippets shownInstall() {
        return quarantined() != null && env.validated() == null ? null : install;
    }

    /** The environment as a report or moderation target ({@code owner/name}). */
    public String target() {
        return env.owner() + "/" + env.name();
    }
}
