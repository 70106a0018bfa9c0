package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.LocalDate;

/**
 * Downloads of an environment on one UTC day ({@code GET /api/v1/environments/{owner}/{name}/downloads?days=N}).
 *
 * @param day the day (UTC)
 * @param count downloads that day
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record DayCount(LocalDate day, long count) {
}
