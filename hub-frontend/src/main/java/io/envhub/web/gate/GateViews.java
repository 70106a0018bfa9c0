package io.envhub.web.gate;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;

/** What the access page reads from hub-backend's gate API. */
public final class GateViews {
    private GateViews() {
    }

    /** A request for access. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Request(long id, String environment, String user, String state, int termsVersion,
                         OffsetDateTime termsAcceptedAt, String message, String decidedBy, OffsetDateTime decidedAt,
                         String decisionNote, OffsetDateTime createdAt) {
    }

    /** The gate as the viewer sees it ({@code access}: granted, pending, rejected, none, sign-in, owner). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Gate(String gated, String terms, int termsVersion, String access, Request request, long pending) {
        /** Whether the viewer manages the environment. */
        public boolean manages() {
            return "owner".equals(access);
        }
    }
}
