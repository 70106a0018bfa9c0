package io.envhub.bounty.bounty;

import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.jboss.logging.Logger;

/** Closes open bounties whose deadline has passed, returning escrow no undecided submission can still take. */
@ApplicationScoped
public class DeadlineJob {
    private static final Logger LOG = Logger.getLogger(DeadlineJob.class);

    private final BountyService bounties;
    private final DeadlineNotices notices;

    public DeadlineJob(BountyService bounties, DeadlineNotices notices) {
        this.bounties = bounties;
        this.notices = notices;
    }

    @Scheduled(every = "${envhub.bounty.jobs.deadline-every}", delayed = "10s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        closeExpired();
        try {
            notices.remindSponsors();
        } catch (RuntimeException e) {
            LOG.warnf("deadline reminders failed this round: %s", e.toString());
        }
    }

    /** Closes every open bounty past its deadline; how many it closed. */
    public int closeExpired() {
        List<Bounty> expired = Bounty.list("status = 'open' AND deadline < ?1 ORDER BY id", BountyService.now());
        List<Long> ids = expired.stream().map(b -> b.id).toList();
        int closed = 0;
        for (long id : ids) {
            try {
                if (bounties.closeIfExpired(id)) {
                    closed++;
                }
            } catch (RuntimeException e) {
                LOG.warnf("closing bounty %d past its deadline failed: %s", id, e.toString());
            }
        }
        if (closed > 0) {
            LOG.infof("closed %d bounty(ies) past their deadline", closed);
        }
        return closed;
    }
}
