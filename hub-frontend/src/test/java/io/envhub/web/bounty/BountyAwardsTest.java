package io.envhub.web.bounty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.bounty.BountyJson.Submission;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** The awards line's source on its own: which visitors' answers are kept, for how long, and what a failure leaves. */
class BountyAwardsTest {
    /** Every call bounty-service would get, as "bearer environment". */
    private final List<String> calls = new ArrayList<>();
    /** The answer of the next calls: awards for the environment, or a failure when set. */
    private RuntimeException failure;

    private CompletionStage<List<Submission>> answer(String bearer, String environment) {
        calls.add(bearer + " " + environment);
        if (failure != null) {
            return CompletableFuture.failedFuture(failure);
        }
        return CompletableFuture.completedFuture(List.of(award(calls.size(), environment)));
    }

    private static Submission award(long id, String environment) {
        OffsetDateTime at = OffsetDateTime.parse("2026-12-01T10:00:00Z");
        return new Submission(id, "approved", 7, "Bounty 7", "alice", environment, "0.1.0", "ab".repeat(32), at, at,
                List.of(), List.of(), List.of(), null);
    }

    private static long firstId(CompletableFuture<List<Submission>> awards) {
        return awards.join().get(0).id();
    }

    @Test
    void anonymousVisitorsOfOneEnvironmentShareOneCall() {
        BountyAwards awards = new BountyAwards(this::answer, Duration.ofMinutes(1), 100);
        assertEquals(1, firstId(awards.of(null, "alice", "reverse-text")));
        assertEquals(1, firstId(awards.of(null, "alice", "reverse-text")), "kept");
        assertEquals(2, firstId(awards.of(null, "alice", "word-ladder")), "another environment is asked for");
        assertEquals(List.of("null alice/reverse-text", "null alice/word-ladder"), calls);
    }

    @Test
    void signedInVisitorsAlwaysAskAndNeverFillTheCache() {
        BountyAwards awards = new BountyAwards(this::answer, Duration.ofMinutes(1), 100);
        assertEquals(1, firstId(awards.of("Bearer a", "alice", "reverse-text")));
        assertEquals(2, firstId(awards.of("Bearer a", "alice", "reverse-text")));
        assertEquals(3, firstId(awards.of(null, "alice", "reverse-text")), "the signed-in answer was not kept");
        assertEquals(4, firstId(awards.of("Bearer b", "alice", "reverse-text")), "nor is the anonymous one given to them");
        assertEquals(3, firstId(awards.of(null, "alice", "reverse-text")));
        assertEquals(4, calls.size());
    }

    @Test
    void aFailedCallShowsNoAwardsAndIsNotKept() {
        BountyAwards awards = new BountyAwards(this::answer, Duration.ofMinutes(1), 100);
        failure = new IllegalStateException("bounty-service is down");
        assertTrue(awards.of(null, "alice", "reverse-text").join().isEmpty());
        failure = null;
        assertEquals(2, firstId(awards.of(null, "alice", "reverse-text")), "asked again once the service answers");
        assertEquals(2, firstId(awards.of(null, "alice", "reverse-text")));
        assertEquals(2, calls.size());
    }

    @Test
    void aSourceThatThrowsShowsNoAwards() {
        BountyAwards awards = new BountyAwards((bearer, environment) -> {
            throw new IllegalStateException("no connection");
        }, Duration.ofMinutes(1), 100);
        assertTrue(awards.of(null, "alice", "reverse-text").join().isEmpty());
        assertTrue(awards.of("Bearer a", "alice", "reverse-text").join().isEmpty());
    }

    @Test
    void keptForTheTtlOnly() throws InterruptedException {
        BountyAwards awards = new BountyAwards(this::answer, Duration.ofMillis(200), 100);
        assertEquals(1, firstId(awards.of(null, "alice", "reverse-text")));
        Thread.sleep(400);
        assertEquals(2, firstId(awards.of(null, "alice", "reverse-text")), "asked again after the ttl");
    }

    @Test
    void aZeroTtlKeepsNothing() {
        BountyAwards awards = new BountyAwards(this::answer, Duration.ZERO, 100);
        assertEquals(1, firstId(awards.of(null, "alice", "reverse-text")));
        assertEquals(2, firstId(awards.of(null, "alice", "reverse-text")));
    }
}
