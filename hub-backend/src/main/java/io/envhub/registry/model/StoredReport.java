package io.envhub.registry.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.envhub.contract.report.PackageSummary;
import io.envhub.contract.report.ValidationReport;

/**
 * Reads a stored validation report (the validator's JSON plus the hub's {@code trust.contamination}) into the
 * contract's records ({@code io.envhub.contract.report}): names it does not know are ignored (older and newer reports
 * still read), missing values are null, 0 or false.
 */
public final class StoredReport {
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .addMixIn(ValidationReport.class, Names.class);

    private StoredReport() {
    }

    /**
     * The report in {@code node}.
     *
     * @param node a stored report, or null
     * @return the report; null when {@code node} is null, not an object, or not shaped like a report
     */
    public static ValidationReport read(JsonNode node) {
        if (node == null || !node.isObject()) {
            return null;
        }
        try {
            return JSON.treeToValue(node, ValidationReport.class);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            return null;
        }
    }

    /** {@link ValidationReport#packageInfo()} is {@code package} in JSON. */
    abstract static class Names {
        @JsonProperty(ValidationReport.PACKAGE)
        abstract PackageSummary packageInfo();
    }
}
