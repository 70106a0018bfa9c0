package io.envhub.bounty.submission;

import io.envhub.bounty.bounty.LiveSubmissions;
import jakarta.enterprise.context.ApplicationScoped;

/** The submissions a closed bounty's escrow must still cover: those not yet approved, rejected or withdrawn. */
@ApplicationScoped
public class UndecidedSubmissions implements LiveSubmissions {
    @Override
    public long count(long bountyId) {
        return Submission.count("bountyId = ?1 AND status IN ('submitted', 'in_review', 'changes_requested')", bountyId);
    }
}
