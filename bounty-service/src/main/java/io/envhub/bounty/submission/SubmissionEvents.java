package io.envhub.bounty.submission;

import io.envhub.bounty.bounty.Bounty;
import io.envhub.bounty.event.Outbox;
import io.envhub.bounty.submission.SubmissionViews.SubmissionView;
import io.envhub.contract.event.EventType;
import io.envhub.contract.event.NotificationKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

/** The submission events, written in the transaction of the change: the sponsor hears of a submission, the submitter of a review. */
@ApplicationScoped
public class SubmissionEvents {
    private final Outbox outbox;

    public SubmissionEvents(Outbox outbox) {
        this.outbox = outbox;
    }

    /** {@code submission.submitted}: a new submission, or a new version answering a change request. */
    @Transactional(Transactional.TxType.MANDATORY)
    void submitted(Bounty b, SubmissionView s) {
        outbox.emit(EventType.SUBMISSION_SUBMITTED, b.id, b.sponsorUsername, s, Outbox.tell(b.sponsorUsername,
                NotificationKind.NEW_SUBMISSION, s.submitter() + " submitted " + s.environment() + "@" + s.version() + " to \""
                        + b.title + "\"", "/sponsor"));
    }

    /** {@code submission.reviewed}: approved, changes requested or rejected. */
    @Transactional(Transactional.TxType.MANDATORY)
    void reviewed(Bounty b, SubmissionView s, String decision) {
        String what = switch (decision) {
            case "approve" -> "approved";
            case "request_changes" -> "reviewed: changes requested";
            default -> "rejected";
        };
        outbox.emit(EventType.SUBMISSION_REVIEWED, b.id, b.sponsorUsername, s, Outbox.tell(s.submitter(),
                NotificationKind.SUBMISSION_REVIEWED, "Your submission to \"" + b.title + "\" was " + what, "/bounties/" + b.id));
    }
}
