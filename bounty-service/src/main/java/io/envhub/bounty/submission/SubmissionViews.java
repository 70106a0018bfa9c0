package io.envhub.bounty.submission;

import java.time.OffsetDateTime;
import java.util.List;

/** The JSON shapes of submissions and reviews. */
public final class SubmissionViews {
    private SubmissionViews() {
    }

    /**
     * Body of {@code POST /api/v1/bounties/{id}/submissions} and of {@code POST /api/v1/submissions/{subId}/versions}
     * (a resubmission; {@code environment} may be left out to keep the same one).
     *
     * @param environment {@code owner/name}
     * @param version the published version, e.g. {@code 0.1.4}
     */
    public record SubmitRequest(String environment, String version) {
    }

    /**
     * Body of {@code POST /api/v1/submissions/{subId}/reviews}.
     *
     * @param decision {@code approve}, {@code request_changes} or {@code reject}
     * @param comment Markdown
     * @param checklist one tick per acceptance criterion, in the bounty's order
     */
    public record ReviewRequest(String decision, String comment, List<Boolean> checklist) {
    }

    /**
     * A submission. {@code environment}, {@code version} and {@code sha256} are the current (latest) version;
     * {@code versions} is the full history, oldest first. {@code reviews} is the review history, oldest first; it is
     * empty for callers who may not see reviews in progress (only the submitter, the sponsor and admins may, until the
     * submission is approved or rejected).
     */
    public record SubmissionView(long id, long bountyId, String bountyTitle, String status, String submitter,
                                 String environment, String version, String sha256, OffsetDateTime createdAt,
                                 OffsetDateTime updatedAt, List<VersionView> versions, List<ReviewView> reviews,
                                 List<String> allowedActions) {
    }

    /** One submitted version in a submission's history ({@code number} starts at 1). */
    public record VersionView(int number, String environment, String version, String sha256, OffsetDateTime submittedAt) {
    }

    /** One review: who decided what on which submitted version, with the checklist as ticked. */
    public record ReviewView(long id, String reviewer, String decision, String comment, int versionNumber,
                             List<ChecklistItem> checklist, OffsetDateTime createdAt) {
    }

    /** An acceptance criterion and whether the reviewer found it met. */
    public record ChecklistItem(String criterion, boolean met) {
    }
}
