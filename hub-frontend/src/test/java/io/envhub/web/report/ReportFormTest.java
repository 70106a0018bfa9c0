package io.envhub.web.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The report form's checks before anything is sent (plain unit tests; the pages run in ReportPagesTest). */
class ReportFormTest {
    @Test
    void aCompleteReportHasNoError() {
        ReportForm f = ReportForm.posted(" alice/maze@1.0.0 ", "malware", "  opens a socket to 1.2.3.4 ");
        assertNull(f.error());
        assertEquals("alice/maze@1.0.0", f.target());
        assertEquals("opens a socket to 1.2.3.4", f.text());
        assertEquals("alice/maze 1.0.0", f.label());
        assertEquals("/alice/maze/versions/1.0.0", f.href());
    }

    @Test
    void eachMissingPieceIsNamed() {
        assertTrue(ReportForm.posted("alice", "spam", "x").error().startsWith("Report an environment"));
        assertEquals("Pick the reason from the list.", ReportForm.posted("alice/maze", "boring", "x").error());
        assertEquals("Say what is wrong, so an admin can check it.", ReportForm.posted("bounty:3", "other", " ").error());
        assertTrue(ReportForm.posted("alice/maze", "other", "x".repeat(2001)).error().contains("2000"));
    }

    @Test
    void theReasonsAreTheIssuesList() {
        assertEquals(5, ReportReasons.ALL.size());
        assertEquals("Reward function broken or gameable", ReportReasons.label("broken-reward"));
        assertEquals("zzz", ReportReasons.label("zzz"));
    }
}
