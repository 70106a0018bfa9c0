package io.envhub.web.environment;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.report.PackageSummary;
import io.envhub.contract.report.ValidationReport;

/**
 * Reads the backend's {@code .../report} answer (a stored validation report) into the contract's records
 * ({@code io.envhub.contract.report}): names it does not know are ignored, missing values are null, 0 or false.
 */
final class StoredReport {
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .addMixIn(ValidationReport.class, Names.class);

    private StoredReport() {
    }

    /**
     * The report in {@code node}.
     *
     * @param node the backend's answer
     * @return the report; an empty one when {@code node} is null, not an object, or not shaped like a report
     */
    static ValidationReport read(JsonNode node) {
        if (node != null && node.isObject()) {
            try {
                return JSON.treeToValue(node, ValidationReport.class);
            } catch (JsonProcessingException | IllegalArgumentException e) {
                // shown as an empty report below
            }
        }
        return new ValidationReport(null, false, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** {@link ValidationReport#packageInfo()} is {@code package} in JSON. */
    abstract static class Names {
        @JsonProperty(ValidationReport.PACKAGE)
        abstract PackageSummary packageInfo();
    }
}
