package io.envhub.validator.check;

import io.envhub.format.archive.ArchiveLimits;
import io.envhub.validator.ValidatorConfig;
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
        return new ValidationEngine(sandbox, settings(config, sandboxConfig));
    }

    static EngineSettings settings(ValidatorConfig config, SandboxConfig sandboxConfig) {
        Path work = Path.of(config.workDir().orElse(System.getProperty("java.io.tmpdir") + "/envhub-validator"));
        ArchiveLimits archive = ArchiveLimits.DEFAULTS.withMaxTotalUncompressed(config.maxUnpackedBytes());
        return new EngineSettings(work, config.wheelhouse().map(Path::of).orElse(null), config.maxWheelBytes(), archive,
                sandboxConfig.limits(), sandboxConfig.installWallSeconds(), config.sampleRows(), config.probeRows(),
                config.fingerprintRows());
    }
}
