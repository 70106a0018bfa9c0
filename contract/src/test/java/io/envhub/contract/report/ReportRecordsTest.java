package io.envhub.contract.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a reader of a stored report relies on when parts are missing, and the typed view of a check's status. */
class ReportRecordsTest {

    private static ValidationReport report(List<CheckResult> checks, TrustReport trust) {
        return new ValidationReport("failed", false, "summary", null, null, checks, null, null, trust, null, null, null, null,
                null);
    }

    @Test
    void missingPartsReadAsEmpty() {
        ValidationReport r = report(null, null);
        assertEquals(List.of(), r.checks());
        assertEquals(List.of(), r.trustFlags());
        assertEquals(List.of(), r.contamination());
        assertEquals(Optional.empty(), r.firstFailure());
        CheckResult blank = new CheckResult(null, (String) null, null, 0);
        assertEquals(new CheckResult("", "", "", 0), blank);
        assertNull(blank.checkStatus());
        assertEquals(List.of(), report(null, new TrustReport(null, null, null, null)).trustFlags());
    }

    @Test
    void statusWordsAndTheTypedView() {
        CheckResult odd = new CheckResult("runtime.x", "warning", "an older word", 1);
        assertNull(odd.checkStatus());
        assertFalse(odd.is(CheckStatus.WARN));
        CheckResult fail = CheckResult.fail("static.archive", "not a zip", 2);
        assertEquals("fail", fail.status());
        assertEquals(CheckStatus.FAIL, fail.checkStatus());
        assertTrue(fail.is(CheckStatus.FAIL));
        assertEquals(new CheckResult("runtime.import", "skip", "not run", 0), CheckResult.skip("runtime.import", "not run"));
        ValidationReport r = report(List.of(CheckResult.pass("a", "ok", 1), odd, fail), new TrustReport(List.of(), 1.0,
                List.of("flag"), true, List.of(new ContaminationMatch("bob", "env", "1.0", 0.5))));
        assertEquals(Optional.of(fail), r.firstFailure());
        assertEquals(Optional.of(odd), r.check("runtime.x"));
        assertEquals(List.of("flag"), r.trustFlags());
        assertEquals(0.5, r.contamination().get(0).overlap());
        assertNull(new TrustReport(List.of(), null, List.of(), null).contamination());
    }
}
