package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * A version of another environment whose dataset contains rows of this one's ({@code trust.contamination[]} of a
 * stored report; the hub computes it from the fingerprints).
 *
 * @param owner the other environment's owner
 * @param name the other environment's name
 * @param version the other version
 * @param overlap the share of this dataset's rows found in the other one (0..1), or null when a report lacks it
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ContaminationMatch(String owner, String name, String version, Double overlap) {
}
