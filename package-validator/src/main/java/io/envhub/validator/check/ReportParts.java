package io.envhub.validator.check;

import io.envhub.contract.report.LimitsReport;
import io.envhub.contract.report.ReportFingerprint;
import io.envhub.format.fingerprint.Fingerprint;
import io.envhub.validator.sandbox.SandboxLimits;

/** The validator's own types in their report form (the contract's records, {@code io.envhub.contract.report}). */
final class ReportParts {

    private ReportParts() {
    }

    /** The limits a validation runs with. */
    static LimitsReport limits(String sandbox, EngineSettings s) {
        return new LimitsReport(sandbox, run(s.limits()), s.installWallSeconds(), s.maxWheelBytes(),
                s.archive().maxTotalUncompressed(), s.archive().maxRatio(), s.sampleRows(), s.probeRows(), s.fingerprintRows());
    }

    /** The limits of one sandboxed command. */
    static LimitsReport.RunLimits run(SandboxLimits l) {
        return new LimitsReport.RunLimits(l.memoryBytes(), l.cpuSeconds(), l.wallSeconds(), l.processes(), l.fileSizeBytes(),
                l.openFiles(), l.outputCapBytes(), l.tmpfsBytes(), l.uid());
    }

    /** The fingerprint, component for component. */
    static ReportFingerprint fingerprint(Fingerprint f) {
        return new ReportFingerprint(f.algorithm(), f.permutations(), f.shingleWords(), f.bands(), f.rowsPerBand(), f.rows(),
                f.sampledRows(), f.threshold(), f.rowData());
    }
}
