package io.envhub.validator.sandbox;

import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import java.nio.file.Path;
import org.jboss.logging.Logger;

/**
 * Decides at startup which {@link Sandbox} the validator uses: the configured backend (bubblewrap or gVisor) when it
 * works; when it does not, either
 * no sandbox at all (every run refused, readiness down, an error logged at startup) or, only with
 * {@code insecure-dev-mode=true}, the {@link InsecureDevSandbox} that warns on every run.
 */
@Startup
@ApplicationScoped
public class SandboxGate {

    private static final Logger LOG = Logger.getLogger(SandboxGate.class);

    private final Sandbox sandbox;
    private final String problem;

    public SandboxGate(SandboxConfig config) {
        Sandbox chosen = create(config.backend());
        String failure = null;
        try {
            chosen.verify();
            if (chosen instanceof BubblewrapSandbox bwrap && !bwrap.dropsPrivileges()) {
                LOG.warn("the validator does not run as root: sandboxed code keeps the validator's uid (no setpriv), and"
                        + " the process limit counts the validator's own threads; run it as root in a dedicated VM or pod");
            }
        } catch (RuntimeException e) {
            failure = e.getMessage();
        }
        if (failure == null) {
            sandbox = chosen;
            problem = null;
            LOG.infof("sandbox: %s, limits %s", chosen.name(), config.limits());
        } else if (config.insecureDevMode()) {
            sandbox = new InsecureDevSandbox(Path.of(System.getProperty("java.io.tmpdir"), "envhub-validator-insecure"), failure);
            problem = null;
            LOG.errorf("INSECURE DEV MODE: %s; package code will run WITHOUT isolation", failure);
        } else {
            sandbox = new RefusingSandbox(failure);
            problem = failure;
            LOG.errorf("%s. The validator refuses to run package code until this is fixed (or, on a development"
                    + " machine only, envhub.validator.sandbox.insecure-dev-mode=true).", failure);
        }
    }

    /**
     * A new sandbox of the given backend (not yet verified).
     *
     * @param backend the backend
     * @return the sandbox
     */
    public static Sandbox create(SandboxConfig.Backend backend) {
        return switch (backend) {
            case BWRAP -> new BubblewrapSandbox();
            case GVISOR -> new GvisorSandbox(Path.of(System.getProperty("java.io.tmpdir"), "envhub-gvisor"));
        };
    }

    /**
     * The sandbox every validation uses.
     *
     * @return the chosen sandbox
     */
    @Produces
    @ApplicationScoped
    public Sandbox sandbox() {
        return sandbox;
    }

    /**
     * Why untrusted code cannot be run, or null when it can.
     *
     * @return the problem, or null
     */
    public String problem() {
        return problem;
    }

    /** A sandbox that refuses every run, used when isolation is unavailable. */
    static final class RefusingSandbox implements Sandbox {
        private final String reason;

        RefusingSandbox(String reason) {
            this.reason = reason;
        }

        @Override
        public SandboxResult run(SandboxSpec spec) {
            throw new SandboxUnavailableException(reason);
        }

        @Override
        public void verify() {
            throw new SandboxUnavailableException(reason);
        }

        @Override
        public String name() {
            return "none (" + reason + ")";
        }
    }
}
