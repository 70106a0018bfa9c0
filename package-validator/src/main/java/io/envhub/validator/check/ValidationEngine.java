package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.CheckStatus;
import io.envhub.contract.report.ValidationReport;
import io.envhub.format.fingerprint.Fingerprint;
import io.envhub.format.hash.Sha256;
import io.envhub.validator.deps.DependencyResolver;
import io.envhub.validator.deps.Resolution;
import io.envhub.validator.sandbox.Sandbox;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Validates one wheel file and produces a {@link ValidationReport}: static checks in Java, the ast check, the
 * offline install, the runtime checks and the trust report in the sandbox. Plain Java: a worker loop (or a test)
 * constructs it with a {@link Sandbox} and {@link EngineSettings}. Thread-safe; each call has its own job directory.
 *
 * <p>Package faults are reported as checks; only infrastructure faults throw (the sandbox is unavailable:
 * {@link io.envhub.validator.sandbox.SandboxUnavailableException}; the wheel or work directory cannot be read or
 * written: {@link UncheckedIOException}), so a worker can retry them.
 */
public final class ValidationEngine {

    private static final Logger LOG = Logger.getLogger(ValidationEngine.class);
    private static final List<String> TRUST = List.of(TrustChecks.HACKING, TrustChecks.SPARSITY, TrustChecks.DIVERSITY,
            TrustChecks.DETERMINISM, TrustChecks.FINGERPRINT);

    private final Sandbox sandbox;
    private final EngineSettings settings;
    private final RuntimeChecks runtime;
    private final DependencyResolver dependencies;

    /**
     * Creates an engine that installs dependencies from the configured wheelhouse only.
     *
     * @param sandbox where package code runs
     * @param settings limits, directories and sample sizes
     */
    public ValidationEngine(Sandbox sandbox, EngineSettings settings) {
        this(sandbox, settings, null);
    }

    /**
     * Creates an engine that resolves dependencies through the owner's index before the sandbox run.
     *
     * @param sandbox where package code runs
     * @param settings limits, directories and sample sizes
     * @param dependencies the resolver, or null to use the configured wheelhouse only
     */
    public ValidationEngine(Sandbox sandbox, EngineSettings settings, DependencyResolver dependencies) {
        this.sandbox = sandbox;
        this.settings = settings;
        this.runtime = new RuntimeChecks(sandbox, settings);
        this.dependencies = dependencies;
    }

    /**
     * Validates a wheel.
     *
     * @param wheel the wheel file; its name is checked against its metadata when it ends with {@code .whl}
     * @return the report
     */
    public ValidationReport validate(Path wheel) {
        return validate(wheel, null);
    }

    /**
     * Validates a wheel of an owner: its dependencies are resolved through that owner's index (when this engine has a
     * resolver), wheels only, outside the sandbox, then installed offline inside it.
     *
     * @param wheel the wheel file
     * @param owner the owner whose index resolves the dependencies, or null for none
     * @return the report
     */
    public ValidationReport validate(Path wheel, String owner) {
        long t0 = System.nanoTime();
        ReportBuilder report = new ReportBuilder(wheel.getFileName().toString(), sha256(wheel), size(wheel));
        StaticChecks.Outcome stat = new StaticChecks(settings).run(wheel);
        report.addAll(stat.checks());
        if (stat.wheel() == null) {
            report.skip("not run: static checks failed", AstCheck.ID, InstallStep.ID);
            report.skipRuntimeAndTrust("not run: static checks failed");
            return report.build(ReportParts.limits(sandbox.name(), settings), ms(t0));
        }
        report.packageInfo(stat.wheel().metadata().name(), stat.wheel().metadata().version(),
                stat.module() == null ? null : stat.module().name());
        TopLevelFiles.Outcome topLevel = TopLevelFiles.check(stat.wheel());
        report.add(topLevel.check());
        if (topLevel.flag() != null) {
            report.flag(topLevel.flag());
        }
        LayoutStep.Outcome layout = stat.module() == null || report.firstFailure() != null ? null
                : LayoutStep.run(wheel, stat.wheel(), stat.module(), settings);
        if (layout != null && layout.check() != null) {
            report.add(layout.check());
        }
        String failedBefore = report.firstFailure();
        if (failedBefore != null) {
            String why = "not run: " + failedBefore + " failed";
            report.skip(stat.module() == null ? "not run: no environment module" : why, AstCheck.ID);
            report.skip(why, InstallStep.ID);
            report.skipRuntimeAndTrust(why);
            return report.build(ReportParts.limits(sandbox.name(), settings), ms(t0));
        }
        if (layout != null && layout.v1()) {
            report.layout(LayoutStep.report(layout.layout()));
        }
        try (JobDir job = JobDir.create(settings.workDir(), settings.limits().uid(), JobDir.runningAsRoot())) {
            CheckResult ast = new AstCheck(sandbox, settings).run(job, wheel, stat.module());
            boolean undefined = ast.is(CheckStatus.FAIL) && ast.message().contains("does not define load_environment");
            boolean v1 = layout != null && layout.v1();
            if (!(v1 && ast.is(CheckStatus.PASS))) {
                // a v1 package's module parsed (no syntax error); its layout check already says what it exports
                report.add(layout != null && layout.neither() && undefined ? LayoutStep.neither(layout.layout()) : ast);
            }
            report.staticMs(ms(t0));
            String failed = report.firstFailure();
            if (failed != null) {
                report.skip("not run: " + failed + " failed", InstallStep.ID);
                report.skipRuntimeAndTrust("not run: " + failed + " failed");
                return report.build(ReportParts.limits(sandbox.name(), settings), ms(t0));
            }
            long t1 = System.nanoTime();
            Path deps = null;
            List<String> implicit = v1 ? V1Requirements.implicit(stat.wheel().metadata().requiresDist()) : List.of();
            List<String> requires = new ArrayList<>(stat.wheel().metadata().requiresDist());
            requires.addAll(implicit);
            if (dependencies != null && owner != null && !requires.isEmpty()) {
                Resolution resolved = dependencies.resolve(requires, owner, job.deps(), job.scratch());
                if (!resolved.resolved()) {
                    String why = resolved.reason();
                    LOG.infof("%s: runtime checks skipped: %s", wheel.getFileName(), why);
                    report.add(CheckResult.skip(InstallStep.ID, why));
                    report.skipReason(why);
                    report.skipRuntimeAndTrust(why);
                    report.installMs(ms(t1));
                    return report.build(ReportParts.limits(sandbox.name(), settings), ms(t0));
                }
                deps = job.deps();
            }
            InstallStep.Outcome install = new InstallStep(sandbox, settings).run(job,
                    job.putWheel(wheel, stat.wheel().expectedFileName()), deps, implicit);
            report.add(install.check());
            report.installMs(ms(t1));
            if (!install.installed()) {
                String why = install.skipReason() != null ? install.skipReason() : "not run: install failed";
                if (install.skipReason() != null) {
                    LOG.infof("%s: runtime checks skipped: %s", wheel.getFileName(), why);
                    report.skipReason(why);
                }
                report.skipRuntimeAndTrust(why);
                return report.build(ReportParts.limits(sandbox.name(), settings), ms(t0));
            }
            runAndProbe(job, stat.module().name(), report);
            return report.build(ReportParts.limits(sandbox.name(), settings), ms(t0));
        }
    }

    private void runAndProbe(JobDir job, String module, ReportBuilder report) {
        long t2 = System.nanoTime();
        Harness.Run first = runtime.harness(job, module, false);
        String host = networkHost(first.result());
        if (host != null) {
            String why = "needs network access to " + host;
            LOG.infof("%s: runtime checks skipped: %s (the sandbox has no network)", module, why);
            report.runtime(first.result(), first);
            report.runtimeMs(ms(t2));
            report.skipReason(why);
            report.skipRuntimeAndTrust(why + " (the sandbox has no network; "
                    + ErrorHints.explain(first.result().path("error"), module, settings.limits()) + ")");
            return;
        }
        String staticOnly = staticOnly(first.result());
        if (staticOnly != null) {
            LOG.infof("%s: runtime checks skipped: %s", module, staticOnly);
            report.runtime(first.result(), first);
            report.runtimeMs(ms(t2));
            report.skipReason(staticOnly);
            report.skipRuntimeAndTrust(staticOnly);
            return;
        }
        List<CheckResult> checks = runtime.checks(first, module);
        report.addAll(checks);
        V1TaskChecks.Outcome taskChecks = V1TaskChecks.of(first.result());
        if (taskChecks != null) {
            report.add(taskChecks.check());
            if (taskChecks.flag() != null) {
                report.flag(taskChecks.flag());
            }
        }
        JsonNode r = first.result();
        report.runtime(r, first);
        report.runtimeMs(ms(t2));
        CheckResult rewards = checks.get(checks.size() - 1);
        if (!rewards.is(CheckStatus.PASS)) {
            report.skip("not run: " + firstFailed(checks) + " failed", TRUST.toArray(String[]::new));
            return;
        }
        if (r == null || !r.has("probes")) {
            String why = r == null ? runtime.killed(first, String.valueOf(first.lastStage()))
                    : ErrorHints.explain(r.path("error"), module, settings.limits());
            report.add(CheckResult.warn(TrustChecks.HACKING, "the probes did not complete: " + why, 0));
            report.skip("not run: the probes did not complete", TrustChecks.SPARSITY, TrustChecks.DIVERSITY,
                    TrustChecks.DETERMINISM);
            report.add(CheckResult.warn(TrustChecks.FINGERPRINT, "no fingerprint: the probes did not complete", 0));
            return;
        }
        TrustChecks.Hacking hacking = TrustChecks.hacking(r, stageMs(r, "probes") + stageMs(r, "trust"));
        report.add(hacking.check());
        report.add(TrustChecks.sparsity(hacking.outcome(), 0));
        DiversityCheck.Outcome diversity = DiversityCheck.read(r.get("diversity"));
        report.add(TrustChecks.diversity(diversity, 0));
        long t3 = System.nanoTime();
        Harness.Run second = runtime.harness(job, module, true);
        long detMs = ms(t3);
        CheckResult det = TrustChecks.determinism(r, second, runtime.killed(second, String.valueOf(second.lastStage())), detMs);
        report.add(det);
        report.determinismMs(detMs);
        report.trust(TrustAssembly.report(hacking, diversity, det));
        if (r.hasNonNull("fingerprint")) {
            Fingerprint fp = Harness.JSON.convertValue(r.get("fingerprint"), Fingerprint.class);
            report.fingerprint(fp);
            report.add(CheckResult.pass(TrustChecks.FINGERPRINT, "MinHash fingerprint of " + fp.rows() + " rows ("
                    + fp.sampledRows() + " kept) for contamination checks", stageMs(r, "fingerprint")));
        } else {
            report.add(CheckResult.warn(TrustChecks.FINGERPRINT, "no fingerprint: "
                    + ErrorHints.explain(r.path("error"), module, settings.limits()), 0));
        }
    }

    /** The host a failed import or load_environment() tried to reach, when that is why it failed. */
    private static String networkHost(JsonNode r) {
        if (r == null || !r.hasNonNull("error") || !r.path("error").hasNonNull("network")) {
            return null;
        }
        String stage = r.path("error").path("stage").asText("");
        String host = r.path("error").path("network").asText("").strip();
        boolean early = stage.equals("import") || stage.equals("load_environment");
        return early && host.matches("[A-Za-z0-9.:_-]{1,253}") ? host : null;
    }

    /** Why the harness could not complete for a reason that is not the package's fault, or null. */
    private static String staticOnly(JsonNode r) {
        if (r == null || !r.path("error").hasNonNull("staticOnly")) {
            return null;
        }
        String why = r.path("error").path("staticOnly").asText().strip();
        return why.length() > 300 ? why.substring(0, 300) + "\u2026" : why;
    }

    private static String firstFailed(List<CheckResult> checks) {
        return checks.stream().filter(c -> c.is(CheckStatus.FAIL)).map(CheckResult::id).findFirst().orElse("runtime");
    }

    private static long stageMs(JsonNode r, String stage) {
        for (JsonNode s : r.path("stages")) {
            if (stage.equals(s.path("name").asText())) {
                return s.path("ms").asLong();
            }
        }
        return 0;
    }

    private static String sha256(Path file) {
        MessageDigest digest = Sha256.newDigest();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[65536];
            int n;
            while ((n = in.read(buf)) > 0) {
                digest.update(buf, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return Sha256.hex(digest.digest());
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    private static long ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
