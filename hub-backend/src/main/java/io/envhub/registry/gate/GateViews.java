package io.envhub.registry.gate;

import java.time.OffsetDateTime;

/** JSON shapes of gated access. */
public final class GateViews {
    private GateViews() {
    }

    /**
     * An environment's gate as the caller sees it.
     *
     * @param gated {@code auto}, {@code manual}, or null when its files are open to every reader
     * @param terms the owner's terms (Markdown), or null
     * @param termsVersion the terms' version (bumped on every change of their text)
     * @param access whether the caller may download its files: {@code granted}, {@code pending}, {@code rejected},
     *     {@code none} (never asked), {@code sign-in} (anonymous), or {@code owner} (manages it)
     * @param request the caller's request, or null
     * @param pending how many requests wait for a decision (for those who manage it; 0 for others)
     */
    public record GateState(String gated, String terms, int termsVersion, String access, AccessRequest request, long pending) {
    }

    /** Body of {@code POST .../access-requests}. */
    public record RequestBody(Boolean acceptTerms, String message) {
    }

    /** Body of {@code POST .../access-requests/{id}/decision}: {@code grant} or {@code reject} (revokes a grant too). */
    public record DecisionBody(String decision, String note) {
    }

    /** A request for access, with the terms version its user accepted and when. */
    public record AccessRequest(long id, String environment, String user, String state, int termsVersion,
                                OffsetDateTime termsAcceptedAt, String message, String decidedBy, OffsetDateTime decidedAt,
                                String decisionNote, OffsetDateTime createdAt) {
    }
}
