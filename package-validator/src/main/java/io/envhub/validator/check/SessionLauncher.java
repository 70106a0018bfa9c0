package io.envhub.validator.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.envhub.validator.deps.DependencyResolver;
import io.envhub.validator.deps.Resolution;
import io.envhub.validator.sandbox.Mount;
import io.envhub.validator.sandbox.Sandbox;
import io.envhub.validator.sandbox.SandboxLimits;
import io.envhub.validator.sandbox.SandboxSpec;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Starts hosted sessions: the wheel is checked statically, installed offline in a fresh job directory exactly as for
 * validation (dependencies resolved through the owner's index into the wheel cache, then installed inside the sandbox),
 * and the harness's {@code session} mode is started as one long-lived sandboxed process with the validator's limits
 * (the wall clock raised to the session's lifetime). Thread-safe.
 */
public final class SessionLauncher {

    /** Why a session could not start (the package's fault or a missing dependency): a 409 for the caller. */
    public static final class NotStartable extends RuntimeException {
        NotStartable(String message) {
            super(message);
        }
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Sandbox sandbox;
    private final EngineSettings settings;
    private final DependencyResolver dependencies;

    /**
     * @param sandbox where the environment runs
     * @param settings limits and directories (the validator's)
     * @param dependencies the resolver, or null for the wheelhouse only
     */
    public SessionLauncher(Sandbox sandbox, EngineSettings settings, DependencyResolver dependencies) {
        this.sandbox = sandbox;
        this.settings = settings;
        this.dependencies = dependencies;
    }

    /**
     * Installs a wheel and starts its session process; it answers once the environment is loaded.
     *
     * @param wheel the wheel file (the caller deletes it afterwards)
     * @param owner the owner whose index resolves dependencies, or null
     * @param lifetimeSeconds wall-clock limit of the whole session
     * @param loadTimeoutMillis how long loading the environment may take
     * @return the running session, ready for requests
     * @throws NotStartable when the package cannot be run
     */
    public SessionProcess start(Path wheel, String owner, int lifetimeSeconds, long loadTimeoutMillis) {
        StaticChecks.Outcome stat = new StaticChecks(settings).run(wheel);
        if (stat.wheel() == null || stat.module() == null) {
            throw new NotStartable("the wheel does not pass the static checks");
        }
        JobDir job = JobDir.create(settings.workDir(), settings.limits().uid(), JobDir.runningAsRoot());
        try {
            LayoutStep.Outcome layout = LayoutStep.run(wheel, stat.wheel(), stat.module(), settings);
            boolean v1 = layout != null && layout.v1();
            List<String> implicit = v1 ? V1Requirements.implicit(stat.wheel().metadata().requiresDist()) : List.of();
            List<String> requires = new ArrayList<>(stat.wheel().metadata().requiresDist());
            requires.addAll(implicit);
            Path deps = null;
            if (dependencies != null && owner != null && !requires.isEmpty()) {
                Resolution resolved = dependencies.resolve(requires, owner, job.deps(), job.scratch());
                if (!resolved.resolved()) {
                    throw new NotStartable(resolved.reason());
                }
                deps = job.deps();
            }
            InstallStep.Outcome install = new InstallStep(sandbox, settings).run(job,
                    job.putWheel(wheel, stat.wheel().expectedFileName()), deps, implicit);
            if (!install.installed()) {
                throw new NotStartable(install.skipReason() != null ? install.skipReason()
                        : "the wheel does not install: " + install.check().message());
            }
            String nonce = HexFormat.of().formatHex(nonce());
            SandboxLimits limits = settings.limits().withTime(settings.limits().cpuSeconds(), lifetimeSeconds);
            List<Mount> mounts = List.of(Mount.readOnly(job.venv(), InstallStep.VENV), Mount.readOnly(job.harness(), Harness.DIR));
            Process process = sandbox.start(new SandboxSpec(List.of(InstallStep.VENV + "/bin/python", "-I",
                    Harness.SCRIPT_PATH, "session", nonce, stat.module().name()), mounts, Map.of(), new byte[0], limits));
            SessionProcess session = new SessionProcess(process, job, nonce, limits);
            JsonNode ready = session.awaitReady(loadTimeoutMillis);
            if (ready == null) {
                String why = session.failure();
                session.kill();
                throw new NotStartable("the environment did not load: " + why);
            }
            return session;
        } catch (RuntimeException e) {
            job.close();
            throw e;
        }
    }

    private static byte[] nonce() {
        byte[] b = new byte[12];
        RANDOM.nextBytes(b);
        return b;
    }
}
