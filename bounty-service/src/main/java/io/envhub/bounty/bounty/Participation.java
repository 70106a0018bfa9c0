package io.envhub.bounty.bounty;

import io.envhub.bounty.bounty.BountyViews.Award;
import java.util.List;

/**
 * What the bounty pages need from applications and submissions, implemented there (so that {@code bounty} depends on
 * neither package).
 */
public interface Participation {
    /** The approved submissions of a bounty, oldest approval first. */
    List<Award> awardsOf(long bountyId);

    /** Whether the user holds an accepted application to the bounty. */
    boolean acceptedApplicant(long bountyId, String subject);
}
