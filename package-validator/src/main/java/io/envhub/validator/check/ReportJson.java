package io.envhub.validator.check;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.envhub.contract.report.ContaminationMatch;
import io.envhub.contract.report.PackageSummary;
import io.envhub.contract.report.TrustReport;
import io.envhub.contract.report.ValidationReport;
import java.util.List;

/**
 * JSON form of a {@link ValidationReport} (the contract's plain records, bound here with two mix-ins: the
 * {@code package} name of {@link ValidationReport#packageInfo()}, and {@code trust.contamination} left out while it is
 * null: the hub adds it).
 */
public final class ReportJson {

    private static final ObjectMapper MAPPER = new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
            .addMixIn(ValidationReport.class, ReportNames.class).addMixIn(TrustReport.class, TrustNames.class);

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

    /** {@link ValidationReport#packageInfo()} is {@code package} in JSON. */
    abstract static class ReportNames {
        @JsonProperty(ValidationReport.PACKAGE)
        abstract PackageSummary packageInfo();
    }

    /** The validator never writes {@code trust.contamination}. */
    abstract static class TrustNames {
        @JsonInclude(JsonInclude.Include.NON_NULL)
        abstract List<ContaminationMatch> contamination();
    }
}
