package io.envhub.validator.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.DatasetSummary;
import io.envhub.contract.report.Durations;
import io.envhub.contract.report.LimitsReport;
import io.envhub.contract.report.PackageSummary;
import io.envhub.contract.report.RubricSummary;
import io.envhub.contract.report.RuntimeStats;
import io.envhub.contract.report.TrustReport;
import io.envhub.contract.report.ValidationReport;
import io.envhub.format.fingerprint.Fingerprint;
import io.envhub.validator.sandbox.SandboxLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The report's JSON, byte for byte: the validator writes the contract's records exactly as it wrote its own report
 * classes before they moved to {@code contract} (the golden files were written by those classes), so reports stored
 * in the hub's database and the hub's readers keep every name. The golden files live in contract's test resources,
 * where the readers' tests (hub-backend, hub-frontend, hub-cli) read them into the records.
 */
class ReportJsonTest {

    /** A report with every part, nulls inside lists included. */
    static ValidationReport full() {
        List<CheckResult> checks = List.of(new CheckResult("static.archive", CheckStatus.PASS, "ok", 3),
                new CheckResult("static.readme", CheckStatus.WARN, "short", 1),
                new CheckResult("runtime.import", CheckStatus.FAIL, "boom", 7),
                new CheckResult("trust.determinism", CheckStatus.SKIP, "not run", 0));
        DatasetSummary dataset = new DatasetSummary("dataset", 12, List.of("prompt", "answer"), 12,
                List.of(new DatasetSummary.Column("prompt", "string"), new DatasetSummary.Column("answer", "integer")),
                List.of(Arrays.asList("q1", null), List.of("q2", "2")));
        RubricSummary rubric = new RubricSummary(List.of(new RubricSummary.RewardFunction("exact", 1.0, false, "chat"),
                new RubricSummary.RewardFunction("fmt", 0.5, true, null)));
        TrustReport trust = new TrustReport(List.of(
                new TrustReport.ProbeScore("empty", 0.25, 4, 1, Arrays.asList(0.0, null, 1.0, 0.0), false),
                new TrustReport.ProbeScore("echo", null, 0, 0, List.of(), true)), 1.0, List.of("reward hacking: x"), Boolean.TRUE);
        Fingerprint fp = new Fingerprint("minhash-lsh/v1", 128, 5, 16, 8, 12, 12, 4294967295L, "AAAA");
        return new ValidationReport("failed", false, "failed: runtime.import: boom", null,
                new PackageSummary("x-1.0-py3-none-any.whl", "ab12", 1234, "x", "1.0", "x_env"), checks, dataset, rubric,
                trust, ReportParts.fingerprint(fp), new RuntimeStats(100, 2048, 150), limits(), new Durations(1, 2, 3, 4, 10),
                "log tail");
    }

    /** A report that stopped early: no dataset, rubric, fingerprint or runtime; a static flag only. */
    static ValidationReport sparse() {
        return new ValidationReport("validated", true, "validated", "why", new PackageSummary("y.whl", "cd", 1, null, null, null),
                List.of(), null, null, new TrustReport(List.of(), null, List.of("top-level files"), null), null, null, limits(),
                new Durations(0, 0, 0, 0, 0), null);
    }

    private static LimitsReport limits() {
        return new LimitsReport("bubblewrap", ReportParts.run(SandboxLimits.DEFAULTS), 300, 1L << 26, 1L << 28, 100.0, 8, 8, 2000);
    }

    static String golden(String name) throws IOException {
        Path file = Path.of("").toAbsolutePath().getParent().resolve("contract/src/test/resources/report").resolve(name);
        return Files.readString(file).strip();
    }

    @Test
    void writesTheGoldenJson() throws IOException {
        assertEquals(golden("full-report.json"), ReportJson.write(full()));
        assertEquals(golden("sparse-report.json"), ReportJson.write(sparse()));
        assertFalse(ReportJson.write(full()).contains("contamination"), "the hub adds it, the validator does not");
    }

    @Test
    void readsTheGoldenJsonBack() throws IOException {
        assertEquals(full(), ReportJson.read(golden("full-report.json")));
        assertEquals(sparse(), ReportJson.read(golden("sparse-report.json")));
    }

    @Test
    void trustFindingsAndFiguresRoundTripAndOldReportsReadWithoutThem() throws IOException {
        ValidationReport old = full();
        io.envhub.contract.report.TrustFinding finding = new io.envhub.contract.report.TrustFinding("hacking",
                "answer-spraying", "reward hacking: answer spraying: ...", "Parse one final answer.", 3, "What is 2 + 2?",
                "1 2 3 4 5", 1.0, 1.0);
        io.envhub.contract.report.TrustFigures figures = new io.envhub.contract.report.TrustFigures(35, 20, 0.05, 0.05,
                0.218, 0.029, 0, 0.1);
        TrustReport t = old.trust();
        TrustReport v2 = new TrustReport(t.probes(), t.bestScore(), List.of(finding.message()), t.deterministic(), null,
                List.of(finding), figures);
        ValidationReport report = new ValidationReport(old.status(), old.runtimeVerified(), old.summary(), old.skipReason(),
                old.packageInfo(), old.checks(), old.dataset(), old.rubric(), v2, old.fingerprint(), old.runtime(),
                old.limits(), old.durations(), old.log());
        String json = ReportJson.write(report);
        assertTrue(json.contains("\"findings\":[{\"category\":\"hacking\",\"probe\":\"answer-spraying\""), json);
        assertTrue(json.contains("\"referenceNonZeroShare\":0.05"), json);
        assertEquals(report, ReportJson.read(json));
        TrustReport read = ReportJson.read(golden("full-report.json")).trust();
        assertEquals(List.of(), read.findings());
        assertEquals(null, read.figures());
    }
}
