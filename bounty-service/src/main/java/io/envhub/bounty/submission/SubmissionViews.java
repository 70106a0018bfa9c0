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
     * submission is approved or rejected). {@code hubEvalRunId} is the hub-run evaluation the sponsor asked for on the
     * current version (issue 33; read it on hub-backend at
     * {@code GET /api/v1/environments/{owner}/{name}/versions/{version}/evals/runs/{id}}), shown to the sponsor and
     * admins only, null for everyone else and before one was asked for.
     */
    public record SubmissionView(long id, long bountyId, String bountyTitle, String status, String submitter,
                                 String environment, String version, String sha256, OffsetDateTime createdAt,
                                 OffsetDateTime updatedAt, List<VersionView> versions, List<ReviewView> reviews,
                                 List<String> allowedActions, String hubEvalRunId) {
    }

    /**
     * Body of {@code PUT /api/v1/submissions/{subId}/hub-eval}: the id of the hub-run evaluation the sponsor started on
     * hub-backend for the submission's current version.
     */
    public record HubEvalLink(String runId) {
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
