package io.envhub.validator.check;

import io.envhub.validator.sandbox.SandboxLimits;

/**
 * The limits a validation ran with.
 *
 * @param sandbox sandbox implementation
 * @param run limits of each harness run
 * @param installWallSeconds wall-clock limit of the install step
 * @param maxWheelBytes largest wheel accepted
 * @param maxUnpackedBytes most bytes the archive may unpack to
 * @param maxCompressionRatio highest compression ratio for large entries
 * @param sampleRows rows each reward function is called on
 * @param probeRows rows the probes use
 * @param fingerprintRows most rows kept in the fingerprint
 */
public record LimitsReport(String sandbox, SandboxLimits run, int installWallSeconds, long maxWheelBytes, long maxUnpackedBytes,
                           double maxCompressionRatio, int sampleRows, int probeRows, int fingerprintRows) {

    static LimitsReport of(String sandbox, EngineSettings s) {
        return new LimitsReport(sandbox, s.limits(), s.installWallSeconds(), s.maxWheelBytes(),
                s.archive().maxTotalUncompressed(), s.archive().maxRatio(), s.sampleRows(), s.probeRows(), s.fingerprintRows());
    }
}
