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
}
