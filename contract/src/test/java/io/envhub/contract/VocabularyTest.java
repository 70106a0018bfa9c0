package io.envhub.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The wire words of the status and task vocabularies, and what they mean (the API and the database use these). */
class VocabularyTest {
    @Test
    void versionStatusWords() {
        assertEquals(List.of("pending", "validating", "validated", "failed", "error"),
                java.util.stream.Stream.of(VersionStatus.values()).map(VersionStatus::wire).toList());
        assertTrue(VersionStatus.PENDING.inProgress());
        assertTrue(VersionStatus.VALIDATING.inProgress());
        assertFalse(VersionStatus.ERROR.inProgress());
        assertEquals(Optional.of(VersionStatus.VALIDATED), VersionStatus.find("validated"));
        assertEquals(Optional.empty(), VersionStatus.find(null));
        assertFalse(VersionStatus.VALIDATED.is(null));
    }

    @Test
    void trustStatusWordsOrderAndLabels() {
        assertEquals(List.of("verified", "flagged", "static-only", "failed", "validating", "error"), TrustStatus.wires());
        assertEquals(List.of("verified", "flagged", "static-only"), TrustStatus.passedWires());
        assertEquals("verified with 1 flag", TrustStatus.FLAGGED.label(1));
        assertEquals("verified with 3 flags", TrustStatus.FLAGGED.label(3));
        assertEquals("static checks only", TrustStatus.STATIC_ONLY.label(0));
        assertEquals("verified", TrustStatus.VERIFIED.label(0));
        assertEquals("verified with flags", TrustStatus.FLAGGED.filterLabel());
        assertTrue(TrustStatus.STATIC_ONLY.warns());
        assertFalse(TrustStatus.VERIFIED.warns());
        assertEquals(Optional.empty(), TrustStatus.find("validated"));
    }

    @Test
    void taskTypeWords() {
        assertEquals(List.of("single-turn", "multi-turn", "tool-use"), TaskType.wires());
    }

    @Test
    void searchSortWords() {
        assertEquals(List.of("relevance", "downloads", "stars", "recent", "name", "trending"), SearchSort.wires());
        assertEquals(List.of("downloads", "stars", "recent", "name", "trending"), SearchSort.offered(false));
        assertEquals(SearchSort.wires(), SearchSort.offered(true));
        assertEquals(SearchSort.RELEVANCE, SearchSort.defaultFor(true));
        assertEquals(SearchSort.DOWNLOADS, SearchSort.defaultFor(false));
        assertEquals(Optional.of(SearchSort.TRENDING), SearchSort.find(" Trending "));
        assertEquals(Optional.empty(), SearchSort.find("popular"));
        assertEquals(Optional.empty(), SearchSort.find(null));
    }

    @Test
    void bountySortWords() {
        assertEquals(List.of("newest", "deadline", "reward"), BountySort.wires());
        assertEquals(BountySort.NEWEST, BountySort.DEFAULT);
        assertEquals("newest, deadline or reward", BountySort.phrase());
        assertEquals(Optional.of(BountySort.REWARD), BountySort.find("reward"));
        assertEquals(Optional.empty(), BountySort.find("Reward"));
        assertEquals(Optional.empty(), BountySort.find(null));
    }

    @Test
    void checkStatusWords() {
        assertEquals(List.of("pass", "warn", "fail", "skip"),
                java.util.stream.Stream.of(io.envhub.contract.report.CheckStatus.values())
                        .map(io.envhub.contract.report.CheckStatus::wire).toList());
    }
}
