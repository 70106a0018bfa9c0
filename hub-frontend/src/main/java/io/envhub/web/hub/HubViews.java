package io.envhub.web.hub;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;

/** JSON shapes of hub-backend's public API as the pages read them; unknown fields are ignored, new ones nullable. */
public final class HubViews {
    private HubViews() {
    }

    /** A trust flag of a validated version: {@code reward-hacking}, {@code non-deterministic}, ... and what it means. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TrustFlag(String code, String message) {
    }

    /**
     * An environment in a list (search item); the explore lists add downloads7d or validatedAt. The verdict fields
     * ({@code trustStatus}, {@code statusLabel}, ...) are those of its newest validated version, else its latest.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Summary(String owner, String name, String displayName, String summary, List<String> tags,
                          String latestVersion, int starCount, long downloadCount, String visibility,
                          OffsetDateTime updatedAt, String validatedVersion, Long downloads7d,
                          OffsetDateTime validatedAt, String trustStatus, String statusLabel, Boolean runtimeVerified,
                          List<TrustFlag> trustFlags, String statusReason) {
        /** The page of this environment. */
        public String href() {
            return "/" + owner + "/" + name;
        }

        /** The badge's code (see {@link Verdicts#code}). */
        public String badgeCode() {
            return Verdicts.code(trustStatus);
        }

        /** The badge's words. */
        public String badgeLabel() {
            return Verdicts.label(statusLabel, trustStatus);
        }

        /**
         * The validated version when the hub ran it and it passed (its verdict is the environment's), else null: a
         * static-only version is not called validated on a card (issue 36 item 9).
         */
        public String verifiedVersion() {
            boolean ran = Boolean.TRUE.equals(runtimeVerified)
                    && io.envhub.contract.TrustStatus.find(trustStatus).map(io.envhub.contract.TrustStatus::runtimeVerified)
                    .orElse(false);
            return ran ? validatedVersion : null;
        }
    }

    /** Count of matches per tag (also used for task types). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TagCount(String tag, long count) {
    }

    /**
     * Facets of a search; {@code tasks} only from backends that know task types, {@code statuses} (verdict code to
     * count) from backends that know verdicts, {@code domains} and {@code licenses} from backends that count them.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Facets(List<TagCount> tags, List<TagCount> tasks, java.util.Map<String, Long> statuses,
                         List<TagCount> domains, List<TagCount> licenses) {
        /** The status facet in the order of {@link Verdicts#CODES}, codes without matches left out. */
        public List<TagCount> statusCounts() {
            return Verdicts.CODES.stream().filter(c -> statuses != null && statuses.getOrDefault(c, 0L) > 0)
                    .map(c -> new TagCount(c, statuses.get(c))).toList();
        }
    }

    /** One page of search results. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record SearchResult(long total, int page, int size, List<Summary> items, Facets facets, boolean approximate) {
    }

    /** Totals on the home page; a count the backend does not give is null. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Counts(Long environments, Long validatedEnvironments, Long versions, Long downloads) {
    }

    /** {@code GET /api/v1/explore}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Explore(Counts counts, List<Summary> trending, List<Summary> recentlyUpdated,
                          List<Summary> newestValidated) {
    }

    /** How to install an environment ({@code uv} only from backends that give it). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Install(String pip, String uv, String envhub) {
    }

    /** The verdict of an environment's newest validated version. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Validated(String version, String trustStatus, String statusLabel, Boolean runtimeVerified,
                            List<TrustFlag> trustFlags, String statusReason) {
        /** The badge's code. */
        public String badgeCode() {
            return Verdicts.code(trustStatus);
        }

        /** The badge's words. */
        public String badgeLabel() {
            return Verdicts.label(statusLabel, trustStatus);
        }
    }

    /**
     * An environment's page data; the verdict fields are those of its latest version, {@code validated} those of its
     * newest validated one.
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Detail(String owner, String name, String displayName, String summary, List<String> tags, String license,
                         String visibility, String latestVersion, int starCount, long downloadCount,
                         boolean starredByMe, OffsetDateTime createdAt, OffsetDateTime updatedAt, Install install,
                         String trustStatus, String statusLabel, Boolean runtimeVerified, List<TrustFlag> trustFlags,
                         String statusReason, Validated validated, Boolean unlisted, String unlistReason,
                         List<ProjectLink> projectUrls, List<String> domains, String gated) {
        /** The page of this environment. */
        public String href() {
            return "/" + owner + "/" + name;
        }

        /** The badge's code. */
        public String badgeCode() {
            return Verdicts.code(trustStatus);
        }

        /** The badge's words. */
        public String badgeLabel() {
            return Verdicts.label(statusLabel, trustStatus);
        }

        /** Whether the newest validated version is another one than the latest (then both are shown). */
        public boolean validatedDiffers() {
            return validated != null && validated.version() != null && !validated.version().equals(latestVersion);
        }
    }

    /** A link from the wheel's metadata ({@code Project-URL}); kind: source, paper, homepage, documentation, other. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ProjectLink(String label, String kind, String url) {
    }

    /** The README as published. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Readme(String contentType, String text) {
    }

    /** A version in the versions table. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record VersionSummary(String version, boolean yanked, String yankReason, OffsetDateTime createdAt,
                                 String filename, Long size, String sha256, String trustStatus, String statusLabel,
                                 Boolean runtimeVerified, List<TrustFlag> trustFlags, String statusReason,
                                 Boolean quarantined, String quarantineReason) {
        /** Whether it passed validation (verified, flagged or static checks only). */
        public boolean passed() {
            return io.envhub.contract.TrustStatus.find(trustStatus).map(io.envhub.contract.TrustStatus::passed).orElse(false);
        }

        /** The badge's code. */
        public String badgeCode() {
            return Verdicts.code(trustStatus);
        }

        /** The badge's words. */
        public String badgeLabel() {
            return Verdicts.label(statusLabel, trustStatus);
        }
    }

    /** One version in full; {@code files} is the number of files in its wheel. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record VersionDetail(String version, boolean yanked, String yankReason, OffsetDateTime createdAt,
                                String filename, Long size, String sha256, String summary, String requiresPython,
                                List<String> dependencies, int files, String trustStatus, String statusLabel,
                                Boolean runtimeVerified, List<TrustFlag> trustFlags, String statusReason,
                                Boolean quarantined, String quarantineReason) {
        /** The badge's code. */
        public String badgeCode() {
            return Verdicts.code(trustStatus);
        }

        /** The badge's words. */
        public String badgeLabel() {
            return Verdicts.label(statusLabel, trustStatus);
        }
    }

    /** A file inside a wheel. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record FileEntry(String path, Long size, String sha256) {
    }

    /** Downloads on one UTC day. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record DayCount(LocalDate day, long count) {
    }

    /** A member of an organisation. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Member(String username, String role) {
    }

    /** A user or an organisation; members only for organisations. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Owner(String kind, String name, String displayName, OffsetDateTime createdAt, List<Member> members) {
        /** Whether this is an organisation. */
        public boolean org() {
            return "org".equals(kind);
        }
    }
}
