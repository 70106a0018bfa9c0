package io.envhub.validator.check;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.envhub.contract.report.ValidationReport;

/**
 * JSON form of a {@link ValidationReport}: the contract's records as they are (their annotations name
 * {@code package} and leave {@code trust.contamination}, which the hub adds, out while it is null).
 */
public final class ReportJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private ReportJson() {
    }

    /**
     * Writes a report.
     *
     * @param report the report
     * @return JSON text
     */
    public static String write(ValidationReport report) {
        try {
            return MAPPER.writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the report", e);
        }
    }

    /**
     * Reads a report.
     *
     * @param json JSON text written by {@link #write}
     * @return the report
     */
    public static ValidationReport read(String json) {
        try {
            return MAPPER.readValue(json, ValidationReport.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a validation report: " + e.getOriginalMessage(), e);
        }
    }
}
