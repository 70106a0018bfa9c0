package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.DatasetSummary;
import io.envhub.contract.report.Durations;
import io.envhub.contract.report.LayoutReport;
import io.envhub.contract.report.LimitsReport;
import io.envhub.contract.report.PackageSummary;
import io.envhub.contract.report.ReportFingerprint;
import io.envhub.contract.report.RubricSummary;
import io.envhub.contract.report.RuntimeStats;
import io.envhub.contract.report.TrustReport;
import io.envhub.contract.report.ValidationReport;
import io.envhub.format.fingerprint.Fingerprint;
import java.util.ArrayList;
import java.util.List;

/** Collects the parts of a {@link ValidationReport} while the engine runs. */
final class ReportBuilder {

    private static final int LOG_CHARS = 4000;

    private final List<CheckResult> checks = new ArrayList<>();
    private final String fileName;
    private final String sha256;
    private final long size;
    private String name;
    private String version;
    private String module;
    private DatasetSummary dataset;
    private RubricSummary rubric;
    private TrustReport trust;
    private ReportFingerprint fingerprint;
    private RuntimeStats runtime;
    private String log;
    private String skipReason;
    private LayoutReport layout;
    private final List<String> flags = new ArrayList<>();
    private long staticMs;
    private long installMs;
    private long runtimeMs;
    private long determinismMs;

    ReportBuilder(String fileName, String sha256, long size) {
        this.fileName = fileName;
        this.sha256 = sha256;
        this.size = size;
    }

    void add(CheckResult c) {
        checks.add(c);
    }

    void addAll(List<CheckResult> cs) {
        checks.addAll(cs);
    }

    void skip(String why, String... ids) {
        for (String id : ids) {
            checks.add(CheckResult.skip(id, why));
        }
    }

    void skipRuntimeAndTrust(String why) {
        RuntimeChecks.STAGES.values().forEach(id -> checks.add(CheckResult.skip(id, why)));
        skip(why, TrustChecks.HACKING, TrustChecks.SPARSITY, TrustChecks.DIVERSITY, TrustChecks.DETERMINISM,
                TrustChecks.FINGERPRINT);
    }

    String firstFailure() {
        return checks.stream().filter(c -> c.is(CheckStatus.FAIL)).map(CheckResult::id).findFirst().orElse(null);
    }

    void packageInfo(String n, String v, String m) {
        this.name = n;
        this.version = v;
        this.module = m;
    }

    void runtime(JsonNode r, Harness.Run run) {
        dataset = RuntimeChecks.dataset(r);
        rubric = RuntimeChecks.rubric(r);
        runtime = new RuntimeStats(r == null ? 0 : r.path("wallMs").asLong(), r == null ? 0 : r.path("peakMemoryBytes").asLong(),
                run.sandbox().wallMillis());
        String err = run.sandbox().stderr().strip();
        log = err.length() > LOG_CHARS ? "..." + err.substring(err.length() - LOG_CHARS) : err;
    }

    /** Why the runtime did not run (a missing dependency, network access); the first reason given wins. */
    void skipReason(String why) {
        if (skipReason == null) {
            skipReason = why;
        }
    }

    /** A trust flag found outside the runtime (for example by a static check). */
    void flag(String text) {
        flags.add(text);
    }

    /** The static facts of a v1 taskset package. */
    void layout(LayoutReport l) {
        this.layout = l;
    }

    void trust(TrustReport t) {
        this.trust = t;
    }

    void fingerprint(Fingerprint f) {
        this.fingerprint = ReportParts.fingerprint(f);
    }

    void staticMs(long ms) {
        this.staticMs = ms;
    }

    void installMs(long ms) {
        this.installMs = ms;
    }

    void runtimeMs(long ms) {
        this.runtimeMs = ms;
    }

    void determinismMs(long ms) {
        this.determinismMs = ms;
    }

    ValidationReport build(LimitsReport limits, long totalMs) {
        CheckResult failed = checks.stream().filter(c -> c.is(CheckStatus.FAIL)).findFirst().orElse(null);
        boolean verified = checks.stream().anyMatch(c -> c.id().equals("runtime.rewards") && c.is(CheckStatus.PASS));
        String summary;
        if (failed != null) {
            summary = "failed: " + failed.id() + ": " + failed.message();
        } else if (!verified) {
            CheckResult skipped = checks.stream().filter(c -> c.id().startsWith("runtime.")).findFirst().orElse(null);
            summary = "static checks passed; runtime checks skipped: " + (skipReason != null ? skipReason
                    : skipped == null ? "?" : skipped.message());
        } else {
            long warnings = checks.stream().filter(c -> c.is(CheckStatus.WARN)).count();
            summary = "validated" + (warnings == 0 ? "" : " with " + warnings + " warnings");
        }
        if (staticMs == 0) {
            staticMs = totalMs;
        }
        TrustReport t = trust;
        if (!flags.isEmpty()) {
            List<String> all = new ArrayList<>(flags);
            if (t != null) {
                all.addAll(0, t.flags());
            }
            t = t == null ? new TrustReport(List.of(), null, all, null) : new TrustReport(t.probes(), t.bestScore(), all,
                    t.deterministic(), t.contamination(), t.findings(), t.figures());
        }
        return new ValidationReport(failed == null ? ValidationReport.VALIDATED : ValidationReport.FAILED, verified, summary,
                failed == null && !verified ? skipReason : null,
                new PackageSummary(fileName, sha256, size, name, version, module), checks, dataset, rubric, t, fingerprint,
                runtime, limits, new Durations(staticMs, installMs, runtimeMs, determinismMs, totalMs), log, layout);
    }
}
