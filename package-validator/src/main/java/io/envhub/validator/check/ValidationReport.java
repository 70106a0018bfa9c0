package io.envhub.validator.check;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.envhub.contract.VersionStatus;
import io.envhub.format.fingerprint.Fingerprint;
import java.util.List;
import java.util.Optional;

/**
 * Everything the validator found about one wheel; posted to the hub as JSON ({@link ReportJson}).
 *
 * @param status {@value #VALIDATED} when no check failed, otherwise {@value #FAILED}
 * @param runtimeVerified whether the runtime checks ran and passed (false when they were skipped, for example for
 *     a dependency the configured index lacks)
 * @param summary one line for people
 * @param skipReason why the runtime and trust checks did not run when the package is otherwise fine (every missing
 *     dependency named, or {@code needs network access to HOST}); null when they ran or a check failed
 * @param packageInfo the file and what it declares (JSON {@code package})
 * @param checks every check, in order
 * @param dataset dataset summary, or null when not reached
 * @param rubric rubric summary, or null when not reached
 * @param trust trust report, or null when not reached
 * @param fingerprint contamination fingerprint, or null when not reached
 * @param runtime cost of the main harness run, or null when it did not run
 * @param limits the limits used
 * @param durations where the time went
 * @param log tail of what the environment wrote to stdout and stderr during the main run (at most 4000 characters)
 */
public record ValidationReport(String status, boolean runtimeVerified, String summary, String skipReason,
                               @JsonProperty("package") PackageSummary packageInfo, List<CheckResult> checks,
                               DatasetSummary dataset, RubricSummary rubric, TrustReport trust, Fingerprint fingerprint,
                               RuntimeStats runtime, LimitsReport limits, Durations durations, String log) {

    /** No check failed. */
    public static final String VALIDATED = VersionStatus.VALIDATED.wire();
    /** At least one check failed. */
    public static final String FAILED = VersionStatus.FAILED.wire();

    /**
     * Copies the checks.
     *
     * @param status status
     * @param runtimeVerified runtime verified
     * @param summary summary
     * @param skipReason skip reason
     * @param packageInfo package
     * @param checks checks
     * @param dataset dataset
     * @param rubric rubric
     * @param trust trust
     * @param fingerprint fingerprint
     * @param runtime runtime
     * @param limits limits
     * @param durations durations
     * @param log log
     */
    public ValidationReport {
        checks = List.copyOf(checks);
    }

    /**
     * Finds a check by id.
     *
     * @param id e.g. {@code runtime.rewards}
     * @return the check, if it is in the report
     */
    public Optional<CheckResult> check(String id) {
        return checks.stream().filter(c -> c.id().equals(id)).findFirst();
    }
}
