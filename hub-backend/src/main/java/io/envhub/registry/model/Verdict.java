package io.envhub.registry.model;

import java.util.List;

/**
 * The verdict a user reads about a version (or an environment's version), next to its internal {@code status}.
 *
 * @param trustStatus one of {@link TrustVerdict#CODES}
 * @param statusLabel the words shown everywhere (API, pages, CLI) for the code, e.g. {@code verified with 2 flags}
 * @param runtimeVerified whether the install, runtime and trust checks ran and passed
 * @param trustFlags what the trust checks warned about (empty when nothing)
 * @param statusReason one line: why the runtime did not run (static-only), the failing check (failed), the last
 *     infrastructure error (error); null otherwise
 */
public record Verdict(String trustStatus, String statusLabel, boolean runtimeVerified, List<TrustFlag> trustFlags,
                      String statusReason) {
    public Verdict {
        trustFlags = trustFlags == null ? List.of() : List.copyOf(trustFlags);
    }

    /** A verdict from stored columns: the label follows from the code and the number of flags. */
    public static Verdict of(String trustStatus, boolean runtimeVerified, List<TrustFlag> flags, String statusReason) {
        List<TrustFlag> f = flags == null ? List.of() : flags;
        return new Verdict(trustStatus, TrustVerdict.label(trustStatus, f.size()), runtimeVerified, f, statusReason);
    }

    /**
     * One trust warning.
     *
     * @param code {@code reward-hacking}, {@code non-deterministic}, {@code dataset-overlap}, {@code top-level-files},
     *     or {@code other} for a warning the hub does not know
     * @param message what was found (never the name of another environment)
     */
    public record TrustFlag(String code, String message) {
    }
}
