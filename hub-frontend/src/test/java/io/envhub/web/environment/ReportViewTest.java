package io.envhub.web.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The version page's view of a stored report (the golden report of package-validator's ReportJsonTest with the hub's
 * contamination, a name this version does not know and missing parts), read through the contract's records.
 */
class ReportViewTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode golden(String name) throws Exception {
        Path file = Path.of("").toAbsolutePath().getParent().resolve("contract/src/test/resources/report").resolve(name);
        return JSON.readTree(Files.readString(file));
    }

    @Test
    void aStoredReportShowsEveryPart() throws Exception {
        ReportView v = ReportView.of(golden("stored-report.json"));
        assertEquals("failed", v.status());
        assertEquals("failed: runtime.import: boom", v.summary());
        assertEquals(new ReportView.Check("runtime.import", "fail", "boom"), v.checks().get(2));
        assertEquals(List.of(new ReportView.Probe("empty", 0.25, 4, 1, false), new ReportView.Probe("echo", null, 0, 0, true)),
                v.probes());
        assertEquals(1.0, v.bestScore());
        assertEquals(List.of("reward hacking: x"), v.flags());
        assertEquals(Boolean.TRUE, v.deterministic());
        assertEquals(List.of(new ReportView.Overlap("bob", "secret", "1.0", 0.667)), v.contamination());
        assertEquals(12, v.datasetRows());
        assertNull(v.log());
        assertTrue(v.hasTrust());
    }

    @Test
    void aReportWithoutTrustOrDatasetShowsNone() throws Exception {
        ReportView v = ReportView.of(JSON.readTree("{\"status\":\"validated\",\"checks\":[{\"id\":\"static.archive\"}]}"));
        assertEquals(List.of(new ReportView.Check("static.archive", "", "")), v.checks());
        assertEquals(List.of(), v.probes());
        assertNull(v.datasetRows());
        assertNull(v.deterministic());
        assertEquals(false, v.hasTrust());
    }

    @Test
    void findingsAreGroupedByCategoryInReadingOrderAndFlagsNoFindingTellsStayVisible() throws Exception {
        ReportView v = ReportView.of(JSON.readTree(("{'status':'validated','trust':{'flags':['reward hacking: magic word "
                + "scores 1.0','files outside the module'],'findings':[{'category':'contamination','probe':'benchmark-overlap',"
                + "'message':'40 % of rows overlap gsm8k-test','hint':'Remove them.','score':0.4},{'category':'hacking',"
                + "'probe':'magic-token','message':'magic word scores 1.0','row':4,'prompt':'p','reply':'PASSED',"
                + "'score':1.0,'referenceScore':1.0},{'category':'novel','probe':'x','message':'odd'}],"
                + "'figures':{'rows':10,'referenceNonZeroShare':0.1}}}").replace('\'', '"')));
        assertEquals(List.of("sparsity", "diversity", "determinism", "hacking", "contamination"),
                v.card().groups().stream().map(TrustCard.Group::category).toList());
        assertEquals(List.of("magic word scores 1.0", "odd"), v.card().groups().get(3).findings().stream()
                .map(TrustCard.Finding::message).toList(), "unknown categories go with the probes' hacking group");
        assertEquals(3, v.card().findingCount());
        assertEquals(0.1, v.card().figures().referenceNonZeroShare());
        assertEquals(List.of("files outside the module"), v.looseFlags(), "a flag no finding tells is still shown");
        assertTrue(v.hasTrust());
    }
}
