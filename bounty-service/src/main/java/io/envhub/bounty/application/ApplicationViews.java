package io.envhub.bounty.application;

import java.time.OffsetDateTime;

/** The JSON shapes of applications (application-only bounties). */
public final class ApplicationViews {
    private ApplicationViews() {
    }

    /** Body of {@code POST /api/v1/bounties/{id}/applications}: the proposal, Markdown, at most 10 KB. */
    public record ApplyRequest(String proposal) {
    }

    /** Body of {@code POST .../applications/{appId}/decision}: {@code accept} or {@code reject}, and a comment. */
    public record DecisionRequest(String decision, String comment) {
    }

    /**
     * An application. {@code proposal} is null for callers who may not read it (only the applicant, the bounty's
     * sponsor and admins may).
     */
    public record ApplicationView(long id, long bountyId, String bountyTitle, String status, String applicant,
                                  String proposal, String decisionComment, String decidedBy, OffsetDateTime createdAt,
                                  OffsetDateTime decidedAt) {
    }
}
