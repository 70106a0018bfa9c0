package io.envhub.contract.report;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Where the time of a validation went, in milliseconds.
 *
 * @param staticMs static checks, including the ast check
 * @param installMs venv and pip install
 * @param runtimeMs main harness run
 * @param determinismMs second harness run
 * @param totalMs whole validation
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Durations(long staticMs, long installMs, long runtimeMs, long determinismMs, long totalMs) {
}
