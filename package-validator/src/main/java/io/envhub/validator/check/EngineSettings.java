package io.envhub.validator.check;

import io.envhub.format.archive.ArchiveLimits;
import io.envhub.validator.sandbox.SandboxLimits;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Everything a {@link ValidationEngine} needs besides its sandbox.
 *
 * @param workDir host directory under which each job gets its own directory (must be searchable by the sandbox uid)
 * @param wheelhouse directory of wheels dependencies are installed from, or null for none
 * @param maxWheelBytes largest wheel file accepted
 * @param archive limits applied while reading the wheel (entries, unpacked sizes, compression ratio)
 * @param limits sandbox limits of one harness run
 * @param installWallSeconds wall-clock limit of the install step
 * @param sampleRows rows every reward function is called on
 * @param probeRows rows the reward-hacking probes use
 * @param fingerprintRows most rows kept in the contamination fingerprint
 */
public record EngineSettings(Path workDir, Path wheelhouse, long maxWheelBytes, ArchiveLimits archive, SandboxLimits limits,
                             int installWallSeconds, int sampleRows, int probeRows, int fingerprintRows) {

    /** Python inside the sandbox: Debian's, readable by any uid (pyenv's lives under /root). */
    public static final String PYTHON = "/usr/bin/python3";

    /**
     * Checks the values.
     *
     * @param workDir work directory
     * @param wheelhouse wheelhouse or null
     * @param maxWheelBytes wheel size limit
     * @param archive archive limits
     * @param limits sandbox limits
     * @param installWallSeconds install time limit
     * @param sampleRows sample rows
     * @param probeRows probe rows
     * @param fingerprintRows fingerprint rows
     */
    public EngineSettings {
        Objects.requireNonNull(workDir, "workDir");
        Objects.requireNonNull(archive, "archive");
        Objects.requireNonNull(limits, "limits");
        if (maxWheelBytes < 1 || installWallSeconds < 1 || sampleRows < 1 || probeRows < 1 || fingerprintRows < 1) {
            throw new IllegalArgumentException("engine settings out of range");
        }
    }

    /**
     * Defaults around a work directory.
     *
     * @param workDir work directory
     * @param limits sandbox limits
     * @return settings with no wheelhouse, 50 MiB wheels, default archive limits, 3 sample rows, 20 probe rows,
     *     1000 fingerprint rows and 300 s to install
     */
    public static EngineSettings defaults(Path workDir, SandboxLimits limits) {
        return new EngineSettings(workDir, null, 50L << 20, ArchiveLimits.DEFAULTS, limits, 300, 3, 20, 1000);
    }

    /**
     * A copy with another wheelhouse.
     *
     * @param dir wheelhouse or null
     * @return the copy
     */
    public EngineSettings withWheelhouse(Path dir) {
        return new EngineSettings(workDir, dir, maxWheelBytes, archive, limits, installWallSeconds, sampleRows, probeRows,
                fingerprintRows);
    }

    /**
     * A copy with other sandbox limits.
     *
     * @param newLimits limits
     * @return the copy
     */
    public EngineSettings withLimits(SandboxLimits newLimits) {
        return new EngineSettings(workDir, wheelhouse, maxWheelBytes, archive, newLimits, installWallSeconds, sampleRows,
                probeRows, fingerprintRows);
    }
}
