package io.envhub.testprereq;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class PrerequisitesTest {
    @Test
    void aPresentPrerequisiteNeitherSkipsNorFails() {
        assertDoesNotThrow(() -> Prerequisites.require(true, "python3", Map.of("CI", "true")));
        assertDoesNotThrow(() -> Prerequisites.require(true, "python3", Map.of()));
    }

    @Test
    void aMissingPrerequisiteSkipsOnADevelopersMachine() {
        TestAbortedException skipped = assertThrows(TestAbortedException.class,
                () -> Prerequisites.require(false, "python3 with pip", Map.of()));
        assertTrue(skipped.getMessage().contains("python3 with pip"), skipped.getMessage());
    }

    @Test
    void aMissingPrerequisiteFailsInCi() {
        AssertionFailedError failed = assertThrows(AssertionFailedError.class,
                () -> Prerequisites.require(false, "bubblewrap", Map.of("CI", "true")));
        assertTrue(failed.getMessage().contains("bubblewrap"), failed.getMessage());
        assertThrows(AssertionFailedError.class, () -> Prerequisites.require(false, "x", Map.of("CI", "1")));
    }

    @Test
    void ciIsOnlyTrueOrOne() {
        assertTrue(Prerequisites.inCi(Map.of("CI", "TRUE")));
        assertFalse(Prerequisites.inCi(Map.of("CI", "false")));
        assertFalse(Prerequisites.inCi(Map.of()));
    }
}
