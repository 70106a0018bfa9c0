package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

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
@JsonIgnoreProperties(ignoreUnknown = true)
public record LimitsReport(String sandbox, RunLimits run, int installWallSeconds, long maxWheelBytes, long maxUnpackedBytes,
                           double maxCompressionRatio, int sampleRows, int probeRows, int fingerprintRows) {

    /**
     * Resource limits of one sandboxed command (the wire form of package-validator's {@code SandboxLimits}).
     *
     * @param memoryBytes address-space limit per process (RLIMIT_AS)
     * @param cpuSeconds CPU-time limit per process
     * @param wallSeconds wall-clock limit of the whole command
     * @param processes most processes of the sandbox uid (RLIMIT_NPROC)
     * @param fileSizeBytes largest file a process may write (RLIMIT_FSIZE)
     * @param openFiles most open file descriptors per process (RLIMIT_NOFILE)
     * @param outputCapBytes most bytes kept of stdout and of stderr each
     * @param tmpfsBytes size of the writable job directory
     * @param uid unprivileged uid and gid the sandboxed command runs as
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RunLimits(long memoryBytes, int cpuSeconds, int wallSeconds, int processes, long fileSizeBytes,
                            int openFiles, int outputCapBytes, long tmpfsBytes, int uid) {
    }
}
