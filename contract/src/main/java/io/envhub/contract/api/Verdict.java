package io.envhub.contract.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.List;

/**
 * The verdict a user reads about a version (or about an environment's latest or validated version): the one status
 * vocabulary of the public API (since API version 2 the internal validation status is not in it). The summaries
 * and details embed it with {@code @JsonUnwrapped}: its five fields appear at the top level of their object, in this
 * order. The hub computes it (hub-backend's {@code TrustVerdict}); clients only
 * read it. Read from an object without a verdict, every field is null (false, empty list).
 *
 * @param trustStatus {@code verified}, {@code flagged}, {@code static-only}, {@code failed}, {@code validating} or
 *     {@code error} ({@link io.envhub.contract.TrustStatus#wire()})
 * @param statusLabel the words shown everywhere (API, pages, CLI) for the code, e.g. {@code verified with 2 flags}
 * @param runtimeVerified whether the install, runtime and trust checks ran and passed
 * @param trustFlags what the trust checks warned about (empty when nothing, never null)
 * @param statusReason one line: why the runtime did not run (static-only), the failing check (failed), the last
 *     infrastructure error (error); null otherwise
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Verdict(String trustStatus, String statusLabel, boolean runtimeVerified, List<TrustFlag> trustFlags,
                      String statusReason) {

    /**
     * Reads missing flags as none.
     *
     * @param trustStatus code
     * @param statusLabel words
     * @param runtimeVerified whether the runtime ran and passed
     * @param trustFlags flags, or null for none
     * @param statusReason reason, or null
     */
    public Verdict {
        trustFlags = trustFlags == null ? List.of() : List.copyOf(trustFlags);
    }

    /**
     * One trust warning.
     *
     * @param code {@code reward-hacking}, {@code non-deterministic}, {@code sparse-reward}, {@code low-diversity},
     *     {@code dataset-overlap}, {@code benchmark-overlap}, {@code top-level-files}, or {@code other} for a warning
     *     the hub does not know
     * @param message what was found (never the name of another environment)
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TrustFlag(String code, String message) {
    }
}
