package io.envhub.web.environment;

import io.envhub.contract.report.LayoutReport;
import io.envhub.contract.report.RubricSummary;
import io.envhub.contract.report.ValidationReport;
import java.util.List;

/**
 * What the environment page shows in place of a README it does not have, generated from the package: its
 * description, and from the latest version's validation report either the v1 taskset's static facts (docstring,
 * config fields with defaults, rewards with weights, stop conditions, dataset source) or, for a v0 package, what the
 * runtime found (reward functions with weights, dataset rows).
 *
 * @param description the package's one-line description, or null
 * @param version the version the facts come from, or null when it has no report yet
 * @param layout the v1 facts, or null
 * @param rewards a v0 package's reward functions, empty when unknown
 * @param datasetRows a v0 package's dataset rows, or null
 */
public record Overview(String description, String version, LayoutReport layout, List<RubricSummary.RewardFunction> rewards,
                       Integer datasetRows) {

    /**
     * The overview of a README-less environment.
     *
     * @param description the summary, or null
     * @param version the latest version, or null
     * @param report its report, or null
     * @return the overview
     */
    static Overview of(String description, String version, ValidationReport report) {
        if (report == null) {
            return new Overview(description, null, null, List.of(), null);
        }
        List<RubricSummary.RewardFunction> rewards = report.rubric() == null || report.rubric().functions() == null ? List.of()
                : report.rubric().functions();
        return new Overview(description, version, report.layout(), rewards,
                report.dataset() == null ? null : report.dataset().size());
    }

    /** Whether anything beyond the description is known. */
    public boolean hasFacts() {
        return layout != null || !rewards.isEmpty() || datasetRows != null;
    }
}
