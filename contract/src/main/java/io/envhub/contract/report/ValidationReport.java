package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.envhub.contract.VersionStatus;
import java.util.List;
import java.util.Optional;

/**
 * Everything the validator found about one wheel: package-validator builds it and posts it to the hub as JSON,
 * hub-backend stores that JSON (adding {@code trust.contamination}) and answers it on
 * {@code GET .../versions/{v}/report}; the hub's verdict, the web page and the CLI read it back into these records.
 *
 * <p>Plain records that any Jackson {@code ObjectMapper} reads and writes as they are: the JSON names are the component
 * names except {@link #packageInfo()}, which is {@value #PACKAGE} on the wire (a Java keyword; {@code @JsonProperty}
 * says so). Every report record ignores names it does not know (older or newer reports) and reads missing values as
 * null, 0 or false; {@code trust.contamination} is left out of the JSON while it is null.
 *
 * @param status {@link #VALIDATED} when no check failed, otherwise {@link #FAILED}
 * @param runtimeVerified whether the runtime checks ran and passed (false when they were skipped, for example for
 *     a dependency the configured index lacks)
 * @param summary one line for people
 * @param skipReason why the runtime and trust checks did not run when the package is otherwise fine (every missing
 *     dependency named, or {@code needs network access to HOST}); null when they ran or a check failed
 * @param packageInfo the file and what it declares (JSON {@value #PACKAGE})
 * @param checks every check, in order (empty when a report lacks them)
 * @param dataset dataset summary, or null when not reached
 * @param rubric rubric summary, or null when not reached
 * @param trust trust report, or null when not reached
 * @param fingerprint contamination fingerprint, or null when not reached
 * @param runtime cost of the main harness run, or null when it did not run
 * @param limits the limits used
 * @param durations where the time went
 * @param log tail of what the environment wrote to stdout and stderr during the main run (at most 4000 characters)
 * @param layout the static facts of a verifiers v1 taskset package; null (and left out of the JSON) for v0 packages
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ValidationReport(String status, boolean runtimeVerified, String summary, String skipReason,
                               @JsonProperty(PACKAGE) PackageSummary packageInfo, List<CheckResult> checks, DatasetSummary dataset,
                               RubricSummary rubric, TrustReport trust, ReportFingerprint fingerprint, RuntimeStats runtime,
                               LimitsReport limits, Durations durations, String log,
                               @JsonInclude(JsonInclude.Include.NON_NULL) LayoutReport layout) {

    /** No check failed. */
    public static final String VALIDATED = VersionStatus.VALIDATED.wire();
    /** At least one check failed. */
    public static final String FAILED = VersionStatus.FAILED.wire();
    /** The JSON name of {@link #packageInfo()}. */
    public static final String PACKAGE = "package";

    /**
     * Copies the checks (none when null).
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
     * @param layout layout
     */
    public ValidationReport {
        checks = checks == null ? List.of() : List.copyOf(checks);
    }

    /**
     * A report without v1 layout facts (a v0 package).
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
    public ValidationReport(String status, boolean runtimeVerified, String summary, String skipReason,
                            PackageSummary packageInfo, List<CheckResult> checks, DatasetSummary dataset, RubricSummary rubric,
                            TrustReport trust, ReportFingerprint fingerprint, RuntimeStats runtime, LimitsReport limits,
                            Durations durations, String log) {
        this(status, runtimeVerified, summary, skipReason, packageInfo, checks, dataset, rubric, trust, fingerprint, runtime,
                limits, durations, log, null);
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

    /** The first failed check, if any. */
    public Optional<CheckResult> firstFailure() {
        return checks.stream().filter(c -> c.is(CheckStatus.FAIL)).findFirst();
    }

    /** The trust report's flags; empty when the trust part was not reached. */
    public List<String> trustFlags() {
        return trust == null || trust.flags() == null ? List.of() : trust.flags();
    }

    /** The stored report's contamination matches ({@code trust.contamination}); empty when there are none. */
    public List<ContaminationMatch> contamination() {
        return trust == null || trust.contamination() == null ? List.of() : trust.contamination();
    }
}
