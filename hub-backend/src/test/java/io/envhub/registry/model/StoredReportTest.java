package io.envhub.registry.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.report.ContaminationMatch;
import io.envhub.contract.report.ValidationReport;
import io.envhub.contract.api.Verdict;
import io.envhub.contract.api.Verdict.TrustFlag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Stored reports read into the contract's records: the report package-validator's code writes (the golden file of its
 * ReportJsonTest), and a stored one with the hub's contamination, names this version does not know and missing parts.
 */
class StoredReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode golden(String name) throws Exception {
        Path file = Path.of("").toAbsolutePath().getParent().resolve("contract/src/test/resources/report").resolve(name);
        return JSON.readTree(Files.readString(file));
    }

    @Test
    void theValidatorsReportReads() throws Exception {
        ValidationReport r = TrustVerdict.report(golden("full-report.json"));
        assertEquals("x-1.0-py3-none-any.whl", r.packageInfo().fileName());
        assertEquals(4, r.checks().size());
        assertEquals(List.of("reward hacking: x"), r.trustFlags());
        assertEquals(List.of(), r.contamination());
    }

    @Test
    void aStoredReportGivesItsVerdict() throws Exception {
        JsonNode stored = golden("stored-report.json");
        assertEquals(List.of(new ContaminationMatch("bob", "secret", "1.0", 0.667)), TrustVerdict.report(stored).contamination());
        Verdict v = TrustVerdict.of("failed", stored, null);
        assertEquals("failed", v.trustStatus());
        assertEquals("runtime.import: boom", v.statusReason());
        assertEquals(List.of(new TrustFlag("reward-hacking", "x"),
                new TrustFlag("dataset-overlap", "67% of the dataset's rows appear in another environment's dataset")), v.trustFlags());
        assertNull(TrustVerdict.report(JSON.readTree("[]")));
    }
}
