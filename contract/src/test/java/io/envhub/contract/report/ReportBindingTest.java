package io.envhub.contract.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The records' annotations are the whole binding: a plain {@code ObjectMapper}, with no mix-in and no feature switched,
 * reads the golden reports (written by package-validator, see its ReportJsonTest) and writes them back byte for byte,
 * and reads a stored report with names it does not know.
 */
class ReportBindingTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String golden(String name) throws IOException {
        try (InputStream in = ReportBindingTest.class.getResourceAsStream("/report/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
    }

    @Test
    void theGoldenReportsGoThroughAPlainMapperUnchanged() throws IOException {
        for (String name : List.of("full-report.json", "sparse-report.json")) {
            ValidationReport r = JSON.readValue(golden(name), ValidationReport.class);
            assertEquals(golden(name), JSON.writeValueAsString(r), name);
        }
        String full = JSON.writeValueAsString(JSON.readValue(golden("full-report.json"), ValidationReport.class));
        assertFalse(full.contains("packageInfo"), "the package is named package on the wire");
        assertFalse(full.contains(TrustReport.CONTAMINATION), "no contamination while it is null");
    }

    @Test
    void aStoredReportWithUnknownNamesReads() throws IOException {
        ValidationReport r = JSON.readValue(golden("stored-report.json"), ValidationReport.class);
        assertEquals("x_env", r.packageInfo().module());
        assertEquals(List.of(new ContaminationMatch("bob", "secret", "1.0", 0.667)), r.contamination());
        assertEquals("runtime.import", r.firstFailure().orElseThrow().id());
        assertNull(r.durations());
    }
}
