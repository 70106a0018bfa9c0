package io.envhub.web.hub;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The JSON shape of hub-backend's {@code GET /api/v1/owners/{name}} as the owner page reads it; every other answer of
 * the public API is read into contract's records ({@code io.envhub.contract.api}). Kept here because hub-backend's
 * owner view carries its organisation service's member type; unknown fields are ignored.
 */
public final class HubViews {
    private HubViews() {
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
