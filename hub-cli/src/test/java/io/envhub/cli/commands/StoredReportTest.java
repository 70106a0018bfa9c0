package io.envhub.cli.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.ContaminationMatch;
import io.envhub.contract.report.ValidationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The hub's report answer reads into the contract's records: the golden report (written by package-validator's code,
 * see its ReportJsonTest) loses nothing, and a stored report with names this version does not know, the hub's
 * contamination and missing parts still reads.
 */
class StoredReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    static String goldenText(String name) throws Exception {
        Path file = Path.of("").toAbsolutePath().getParent().resolve("contract/src/test/resources/report").resolve(name);
        return Files.readString(file).strip();
    }

    static JsonNode golden(String name) throws Exception {
        return JSON.readTree(goldenText(name));
    }

    @Test
    void theValidatorsReportReadsWithEveryPart() throws Exception {
        JsonNode json = golden("full-report.json");
        ValidationReport r = ValidationSummary.report(json);
        assertEquals("x_env", r.packageInfo().module());
        assertEquals(List.of("pass", "warn", "fail", "skip"), r.checks().stream().map(CheckResult::status).toList());
        assertEquals(Arrays.asList(0.0, null, 1.0, 0.0), r.trust().probes().get(0).scores());
        assertEquals(Arrays.asList("q1", null), r.dataset().sample().get(0));
        assertEquals(4294967295L, r.fingerprint().threshold());
        assertEquals(1 << 20, r.limits().run().outputCapBytes());
        assertEquals(goldenText("full-report.json"), JSON.writeValueAsString(r), "nothing is lost on the way to the records");
    }

    @Test
    void aStoredReportWithUnknownNamesAndMissingPartsReads() throws Exception {
        ValidationReport r = ValidationSummary.report(golden("stored-report.json"));
        assertEquals("failed", r.status());
        assertEquals(List.of(new ContaminationMatch("bob", "secret", "1.0", 0.667)), r.contamination());
        assertEquals("runtime.import", r.firstFailure().orElseThrow().id());
        assertNull(r.durations());
        assertNull(r.limits());
        assertNull(r.log());
        assertNull(ValidationSummary.report(JSON.readTree("\"not a report\"")));
        assertNull(ValidationSummary.report(null));
    }

    @Test
    void theSummaryReadsTheStoredReport() throws Exception {
        JsonNode version = JSON.readTree("{\"status\":\"failed\",\"trustStatus\":\"failed\",\"statusLabel\":\"failed\"}");
        assertEquals(List.of("Status: failed", "  ! static.readme: short", "  ✗ runtime.import: boom", "Report: page"),
                ValidationSummary.lines(version, golden("stored-report.json"), "page"));
    }
}
