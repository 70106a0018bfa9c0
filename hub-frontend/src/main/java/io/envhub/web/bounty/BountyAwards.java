package io.envhub.web.bounty;

import io.envhub.web.bounty.BountyViews.Submission;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * The bounties an environment's versions were awarded, for the line "Submitted to bounty X (approved)" on its page.
 * Asked while the page's other calls run; if bounty-service does not answer, the page shows no line rather than fail.
 */
@ApplicationScoped
public class BountyAwards {
    private static final Logger LOG = Logger.getLogger(BountyAwards.class);

    private final BountyApi bounties;

    public BountyAwards(@RestClient BountyApi bounties) {
        this.bounties = bounties;
    }

    /** Approved submissions of {@code owner/name}, oldest first; empty when there are none or the service is down. */
    public CompletableFuture<List<Submission>> of(String bearer, String owner, String name) {
        return bounties.awards(bearer, owner + "/" + name, "approved").toCompletableFuture()
                .exceptionally(e -> {
                    LOG.debugf("no bounty awards for %s/%s: %s", owner, name, e.getMessage());
                    return List.of();
                });
    }
}
