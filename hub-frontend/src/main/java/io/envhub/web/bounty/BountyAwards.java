package io.envhub.web.bounty;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.envhub.contract.bounty.BountyJson.Submission;
import io.envhub.web.WebConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.jboss.logging.Logger;

/**
 * The bounties an environment's versions were awarded, for the line "Submitted to bounty X (approved)" on its page.
 * Asked while the page's other calls run; if bounty-service does not answer, the page shows no line rather than fail.
 *
 * <p>Anonymous visitors' answers are kept per environment for {@link WebConfig.AwardsCache#ttl()} (30 seconds by
 * default): an approval shows on the page at most that late, and a page render costs no bounty-service call while the
 * answer is kept. Concurrent anonymous renders of one environment share one call. A failed call is not kept. Signed-in
 * visitors always ask bounty-service.
 */
@ApplicationScoped
public class BountyAwards {
    private static final Logger LOG = Logger.getLogger(BountyAwards.class);

    /** The bounty-service call: approved submissions of {@code owner/name} as the caller ({@code bearer}) may see them. */
    @FunctionalInterface
    public interface Source {
        CompletionStage<List<Submission>> approved(String bearer, String environment);
    }

    private final Source source;
    private final AsyncCache<String, List<Submission>> anonymous;

    @Inject
    public BountyAwards(BountyClient bounties, WebConfig config) {
        this((bearer, environment) -> bounties.awards(bearer, environment, "approved"), config.awardsCache().ttl(),
                config.awardsCache().maxEntries());
    }

    /** Awards read from {@code source}, anonymous answers kept for {@code ttl} (zero: not kept), at most {@code maxEntries}. */
    public BountyAwards(Source source, Duration ttl, int maxEntries) {
        this.source = source;
        this.anonymous = ttl.isZero() || ttl.isNegative() ? null
                : Caffeine.newBuilder().expireAfterWrite(ttl).maximumSize(maxEntries).buildAsync();
    }

    /** Approved submissions of {@code owner/name}, oldest first; empty when there are none or the service is down. */
    public CompletableFuture<List<Submission>> of(String bearer, String owner, String name) {
        String environment = owner + "/" + name;
        if (bearer != null || anonymous == null) {
            return ask(bearer, environment).exceptionally(e -> none(environment, e));
        }
        // a failure completes the kept future with null, which the cache drops (so it is asked again) without a warning
        return anonymous.get(environment, (key, executor) -> ask(null, key).exceptionally(e -> {
            none(key, e);
            return null;
        })).thenApply(awards -> awards == null ? List.of() : awards);
    }

    private static List<Submission> none(String environment, Throwable e) {
        LOG.debugf("no bounty awards for %s: %s", environment, e.getMessage());
        return List.of();
    }

    private CompletableFuture<List<Submission>> ask(String bearer, String environment) {
        try {
            return source.approved(bearer, environment).toCompletableFuture();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
