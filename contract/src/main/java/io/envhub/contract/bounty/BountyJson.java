package io.envhub.contract.bounty;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * The JSON shapes of bounty-service's public API as its clients (the web frontend, the CLI) read and send them; unknown
 * fields are ignored. Status fields carry the words of {@link BountyStatus}, {@link ApplicationStatus} and
 * {@link SubmissionStatus}: compare them with {@code BountyStatus.OPEN.is(b.status())}. bounty-service's
 * {@code BountyJsonContractTest} checks that every answer it writes reads into these records without losing a field.
 */
public final class BountyJson {
    private BountyJson() {
    }

    /** A dated clarification appended to an open bounty. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Clarification(long id, String text, String author, OffsetDateTime createdAt) {
    }

    /** An approved submission: which environment version ({@code owner/name}, version) won. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Award(long submissionId, String submitter, String environment, String version, String sha256,
                        OffsetDateTime approvedAt) {
    }

    /**
     * A bounty, in a list or in full (the list leaves description, criteria, clarifications, awarded and
     * allowedActions out); {@code allowedActions} are what the caller may do now ({@code apply}, {@code submit},
     * {@code open}, {@code close}, ...).
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Bounty(long id, String status, String title, String domain, String description, List<String> criteria,
                         String tier, long rewardMinor, String currency, int maxAwards, int awardsGiven, int awardsLeft,
                         OffsetDateTime deadline, String sponsor, List<String> requiredTags, String taskType,
                         OffsetDateTime createdAt, OffsetDateTime openedAt, List<Clarification> clarifications,
                         List<Award> awarded, List<String> allowedActions) {
        /** Whether the caller may do {@code action} now. */
        public boolean allows(String action) {
            return allowedActions != null && allowedActions.contains(action);
        }

        /** Whether contributors must apply first. */
        public boolean applicationOnly() {
            return "application_only".equals(tier);
        }
    }

    /** One page of bounties ({@code GET /api/v1/bounties}). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record BountyPage(long total, int page, int size, List<Bounty> items) {
    }

    /** An application to an application-only bounty; {@code proposal} only for its applicant, sponsor and admins. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Application(long id, String status, long bountyId, String bountyTitle, String applicant,
                              String proposal, String decisionComment, String decidedBy, OffsetDateTime createdAt,
                              OffsetDateTime decidedAt) {
    }

    /** An acceptance criterion and whether the reviewer found it met. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record ChecklistItem(String criterion, boolean met) {
    }

    /** A review of a submission: decision, comment and the acceptance checklist as ticked, on which version. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Review(long id, String reviewer, String decision, String comment, int versionNumber,
                         List<ChecklistItem> checklist, OffsetDateTime createdAt) {
    }

    /** One version submitted on a submission (the first, and each answer to "changes requested"). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record SubmittedVersion(int number, String environment, String version, String sha256,
                                   OffsetDateTime submittedAt) {
    }

    /** A submission of an environment version ({@code owner/name}, version) to a bounty, with its review history. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Submission(long id, String status, long bountyId, String bountyTitle, String submitter,
                             String environment, String version, String sha256, OffsetDateTime createdAt,
                             OffsetDateTime updatedAt, List<Review> reviews, List<SubmittedVersion> versions,
                             List<String> allowedActions, String hubEvalRunId) {
        /** The newest review, or null. */
        public Review lastReview() {
            return reviews == null || reviews.isEmpty() ? null : reviews.get(reviews.size() - 1);
        }
    }

    /** Body of a bounty creation or a draft edit (null fields of an edit stay as they are). */
    public record BountyRequest(String title, String domain, String description, List<String> criteria, String tier,
                                Long rewardMinor, String currency, Integer maxAwards, OffsetDateTime deadline) {
    }

    /** Body of an application. */
    public record ApplicationRequest(String proposal) {
    }

    /** Body of a decision on an application: {@code accept} or {@code reject}. */
    public record DecisionRequest(String decision, String comment) {
    }

    /** Body of a submission or a resubmission: {@code owner/name} and a version. */
    public record SubmissionRequest(String environment, String version) {
    }

    /** Body of the link between a submission and the hub-run evaluation the sponsor started for it (issue 33). */
    public record HubEvalLink(String runId) {
    }

    /** Body of a review: {@code approve}, {@code request_changes} or {@code reject}, and the checklist as ticked. */
    public record ReviewRequest(String decision, String comment, List<Boolean> checklist) {
    }

    /** Body of a clarification. */
    public record ClarificationRequest(String text) {
    }
}
