package io.envhub.validator.check;

import io.envhub.contract.report.CheckResult;
import io.envhub.contract.report.CheckStatus;
import io.envhub.validator.sandbox.Mount;
import io.envhub.validator.sandbox.Sandbox;
import io.envhub.validator.sandbox.SandboxLimits;
import io.envhub.validator.sandbox.SandboxResult;
import io.envhub.validator.sandbox.SandboxSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * {@code install}: a fresh venv ({@code python3 -m venv --without-pip}) and an offline {@code pip install} of the
 * wheel and its dependencies from the configured wheelhouse, both inside the sandbox (the venv is the only
 * writable bind). A dependency the wheelhouse lacks is a skip that names it, not an error.
 */
final class InstallStep {
    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(InstallStep.class);

    static final String ID = "install";
    static final String VENV = "/venv";

    private static final Pattern NOT_FOUND = Pattern.compile("No matching distribution found for ([^\\s]+)");
    private static final Pattern INSTALLED = Pattern.compile("Successfully installed (.+)");
    private static final Pattern NAME = Pattern.compile("^[A-Za-z0-9][A-Za-z0-9._-]*");

    /**
     * The install outcome.
     *
     * @param check the install check
     * @param skipReason why the runtime checks cannot run (a missing dependency), or null
     */
    record Outcome(CheckResult check, String skipReason) {
        boolean installed() {
            return check.is(CheckStatus.PASS);
        }
    }

    private final Sandbox sandbox;
    private final EngineSettings settings;

    InstallStep(Sandbox sandbox, EngineSettings settings) {
        this.sandbox = sandbox;
        this.settings = settings;
    }

    Outcome run(JobDir job, Path wheelInJob) {
        return run(job, wheelInJob, null, List.of());
    }

    /**
     * Installs the wheel; {@code deps} (or null) holds the dependency wheels resolved for it, bound at /deps;
     * {@code implicit} are requirements installed beside it that it does not declare ({@code verifiers} for a v1 package).
     */
    Outcome run(JobDir job, Path wheelInJob, Path deps, List<String> implicit) {
        long t0 = System.nanoTime();
        SandboxLimits limits = settings.limits().withTime(settings.installWallSeconds(), settings.installWallSeconds());
        SandboxResult venv = sandbox.run(SandboxSpec.of(limits, List.of(Mount.writable(job.venv(), VENV)),
                EngineSettings.PYTHON, "-I", "-m", "venv", "--without-pip", VENV));
        if (venv.exitCode() != 0 || venv.termination() != SandboxResult.Termination.EXITED) {
            return new Outcome(CheckResult.fail(ID, "creating the venv failed (" + venv.describe(limits) + "): "
                    + tail(venv.stderr()), ms(t0)), null);
        }
        Path wheelhouse = settings.wheelhouse() == null ? job.emptyWheelhouse() : settings.wheelhouse();
        if (settings.wheelhouse() != null) {
            requireReadable(wheelhouse);
        }
        String where = deps != null ? "dependencies resolved through the owner's index"
                + (settings.wheelhouse() == null ? "" : " and wheelhouse " + settings.wheelhouse())
                : settings.wheelhouse() == null ? "no wheelhouse configured" : "wheelhouse " + settings.wheelhouse();
        List<String> pip = new ArrayList<>(List.of(EngineSettings.PYTHON, "-I", "-m", "pip", "--python", VENV + "/bin/python",
                "install", "--isolated", "--no-index", "--no-cache-dir", "--disable-pip-version-check", "--no-input",
                "--progress-bar", "off", "--find-links", "/wheelhouse"));
        List<Mount> mounts = new ArrayList<>(List.of(Mount.writable(job.venv(), VENV), Mount.readOnly(job.wheelDir(), "/wheel"),
                Mount.readOnly(wheelhouse, "/wheelhouse")));
        if (deps != null) {
            pip.addAll(List.of("--find-links", "/deps"));
            mounts.add(Mount.readOnly(deps, "/deps"));
        }
        pip.add("/wheel/" + wheelInJob.getFileName());
        pip.addAll(implicit);
        SandboxResult r = sandbox.run(new SandboxSpec(pip, mounts, Map.of("PIP_CONFIG_FILE", "/dev/null"), null, limits));
        long ms = ms(t0);
        String output = r.stdout() + "\n" + r.stderr();
        if (r.exitCode() == 0 && r.termination() == SandboxResult.Termination.EXITED) {
            Matcher m = INSTALLED.matcher(output);
            String what = m.find() ? m.group(1).strip() : wheelInJob.getFileName().toString();
            return new Outcome(CheckResult.pass(ID, "installed offline into a fresh venv (" + where + "): " + what, ms), null);
        }
        Matcher missing = NOT_FOUND.matcher(output);
        if (missing.find()) {
            String requirement = missing.group(1);
            Matcher name = NAME.matcher(requirement);
            String dep = name.find() ? name.group() : requirement;
            String reason = "missing dependency: " + requirement + " (no wheel from the configured index; " + where + ")";
            LOG.debugf("install: %s lacks %s", wheelInJob.getFileName(), dep);
            return new Outcome(CheckResult.skip(ID, reason), reason);
        }
        if (r.termination() != SandboxResult.Termination.EXITED) {
            return new Outcome(CheckResult.fail(ID, "pip install " + r.describe(limits), ms), null);
        }
        return new Outcome(CheckResult.fail(ID, "pip install failed: " + errors(output), ms), null);
    }

    /** A wheelhouse the sandbox uid cannot read is an infrastructure fault, not a package failure. */
    private static void requireReadable(Path wheelhouse) {
        try {
            JobDir.requireSearchable(wheelhouse.toAbsolutePath());
            try (Stream<Path> files = Files.list(wheelhouse)) {
                for (Path f : (Iterable<Path>) files::iterator) {
                    if (!Files.getPosixFilePermissions(f).contains(PosixFilePermission.OTHERS_READ)) {
                        throw new IOException(f + " is not readable by other users (mode o+r needed)");
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("wheelhouse " + wheelhouse + " is not usable by the sandbox: " + e.getMessage(), e);
        }
    }

    private static String errors(String output) {
        List<String> lines = output.lines().filter(l -> l.startsWith("ERROR:")).map(String::strip).toList();
        return lines.isEmpty() ? tail(output) : String.join(" ", lines);
    }

    static String tail(String text) {
        String t = text.strip();
        return t.length() > 600 ? "..." + t.substring(t.length() - 600) : t;
    }

    private static long ms(long startNanos) {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
