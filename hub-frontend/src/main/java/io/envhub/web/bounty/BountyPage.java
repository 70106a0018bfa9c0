package io.envhub.web.bounty;

import io.envhub.contract.bounty.ApplicationStatus;
import io.envhub.contract.bounty.BountyJson.Application;
import io.envhub.contract.bounty.BountyJson.Bounty;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.contract.bounty.SubmissionStatus;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything a bounty's page shows, worked out for the viewer.
 *
 * @param bounty the bounty
 * @param descriptionHtml its description, sanitised HTML
 * @param application the viewer's newest application to it, or null
 * @param submission the viewer's newest submission to it, or null
 * @param ownVersions the viewer's validated versions as {@code owner/name@version}, newest environment first
 * @param owner whether the viewer sponsors this bounty
 * @param signedIn whether the viewer is signed in
 * @param proposal the proposal text to show again after a refusal
 * @param errors form name ({@code apply}, {@code submit}, {@code resubmit}) to the refusal shown next to it
 * @param done the confirmation of the last post, or null
 */
public record BountyPage(Bounty bounty, String descriptionHtml, Application application,
                         Submission submission, List<String> ownVersions, boolean owner, boolean signedIn,
                         String proposal, Map<String, String> errors, String done) {
    private static final Set<ApplicationStatus> LIVE_APPLICATION = Set.of(ApplicationStatus.PENDING, ApplicationStatus.ACCEPTED);
    private static final Set<SubmissionStatus> LIVE_SUBMISSION = Set.of(SubmissionStatus.SUBMITTED,
            SubmissionStatus.IN_REVIEW, SubmissionStatus.CHANGES_REQUESTED, SubmissionStatus.APPROVED);
    private static final Set<SubmissionStatus> WITHDRAWABLE = Set.of(SubmissionStatus.SUBMITTED,
            SubmissionStatus.IN_REVIEW, SubmissionStatus.CHANGES_REQUESTED);

    /** The bounty as a report target ({@code bounty:<id>}). */
    public String reportTarget() {
        return "bounty:" + bounty.id();
    }

    /** Whether the apply form is offered (bounty-service says the viewer may apply, and has no live application). */
    public boolean canApply() {
        return bounty.allows("apply") && (application == null
                || ApplicationStatus.find(application.status()).filter(LIVE_APPLICATION::contains).isEmpty());
    }

    /** Whether the submit form is offered (a first submission, or a new one after a withdrawal or rejection). */
    public boolean canSubmit() {
        return bounty.allows("submit") && (submission == null
                || SubmissionStatus.find(submission.status()).filter(LIVE_SUBMISSION::contains).isEmpty());
    }

    /** Whether the resubmit form is offered (the sponsor asked for changes). */
    public boolean canResubmit() {
        return submission != null && SubmissionStatus.CHANGES_REQUESTED.is(submission.status());
    }

    /** Whether the viewer's application may still be withdrawn. */
    public boolean canWithdrawApplication() {
        return application != null && ApplicationStatus.PENDING.is(application.status());
    }

    /** Whether the viewer's submission may still be withdrawn. */
    public boolean canWithdrawSubmission() {
        return submission != null && SubmissionStatus.find(submission.status()).filter(WITHDRAWABLE::contains).isPresent();
    }
}
