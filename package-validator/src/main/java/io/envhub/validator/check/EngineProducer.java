package io.envhub.validator.check;

import io.envhub.format.archive.ArchiveLimits;
import io.envhub.validator.ValidatorConfig;
import io.envhub.validator.deps.DependencyResolver;
import io.envhub.validator.deps.DependencySettings;
import io.envhub.validator.sandbox.Sandbox;
import io.envhub.validator.sandbox.SandboxConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;

/** Builds the {@link ValidationEngine} from configuration. */
@ApplicationScoped
public class EngineProducer {

    /**
     * The engine a worker loop calls.
     *
     * @param sandbox the sandbox chosen at startup
     * @param config worker settings
     * @param sandboxConfig sandbox limits
     * @return the engine
     */
    @Produces
    @Singleton
    public ValidationEngine engine(Sandbox sandbox, ValidatorConfig config, SandboxConfig sandboxConfig) {
        return new ValidationEngine(sandbox, settings(config, sandboxConfig), resolver(config));
    }

    /**
     * The launcher of hosted sessions: the same sandbox, limits and dependency resolution as validation.
     *
     * @param sandbox the sandbox chosen at startup
     * @param config worker settings
     * @param sandboxConfig sandbox limits
     * @return the launcher
     */
    @Produces
    @Singleton
    public SessionLauncher sessions(Sandbox sandbox, ValidatorConfig config, SandboxConfig sandboxConfig) {
        return new SessionLauncher(sandbox, settings(config, sandboxConfig), resolver(config));
    }

    /** The dependency resolver, or null when {@code dependency-index} is {@code off}. */
    static DependencyResolver resolver(ValidatorConfig config) {
        String index = config.dependencyIndex().map(String::strip)
                .orElse(config.hubUrl().replaceAll("/+$", "") + "/simple/{owner}/");
        if (index.isEmpty() || "off".equalsIgnoreCase(index)) {
            return null;
        }
        Path cache = Path.of(config.dependencyCache().orElse(System.getProperty("java.io.tmpdir") + "/envhub-dependency-cache"));
        return new DependencyResolver(new DependencySettings(index, cache, config.dependencyCacheMaxBytes(),
                config.dependencyTimeoutSeconds(), EngineSettings.PYTHON));
    }

    static EngineSettings settings(ValidatorConfig config, SandboxConfig sandboxConfig) {
        Path work = Path.of(config.workDir().orElse(System.getProperty("java.io.tmpdir") + "/envhub-validator"));
        ArchiveLimits archive = ArchiveLimits.DEFAULTS.withMaxTotalUncompressed(config.maxUnpackedBytes());
        return new EngineSettings(work, config.wheelhouse().map(Path::of).orElse(null), config.maxWheelBytes(), archive,
                sandboxConfig.limits(), sandboxConfig.installWallSeconds(), config.sampleRows(), config.probeRows(),
                config.fingerprintRows());
    }
}
