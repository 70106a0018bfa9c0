package io.envhub.web.hub;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.envhub.contract.api.EnvironmentSummary;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The JSON shapes of hub-backend's public API that contract does not hold (yet): the explore page's envelope, the
 * README, the download chart's days and owners. Environments and versions are contract's records
 * ({@code io.envhub.contract.api}); unknown fields are ignored, new ones nullable.
 */
public final class HubViews {
    private HubViews() {
    }

    /** Totals on the home page; a count the backend does not give is null. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Counts(Long environments, Long validatedEnvironments, Long versions, Long downloads) {
    }

    /** {@code GET /api/v1/explore}. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Explore(Counts counts, List<EnvironmentSummary> trending, List<EnvironmentSummary> recentlyUpdated,
                          List<EnvironmentSummary> newestValidated) {
    }

    /** The README as published. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Readme(String contentType, String text) {
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
