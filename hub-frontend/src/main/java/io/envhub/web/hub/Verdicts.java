package io.envhub.web.hub;

import io.envhub.contract.TrustStatus;
import io.envhub.contract.VersionStatus;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The user-facing verdict of a version as hub-backend computes it ({@code trustStatus} and its words,
 * {@code statusLabel}); the pages only show it. A backend without verdicts gives the internal status instead, shown
 * as a neutral badge.
 */
public final class Verdicts {
    /** Every verdict code, in the order the search facet lists them. */
    public static final List<String> CODES = TrustStatus.wires();
    /** What the search filter and facet call each code (flagged versions have a number of flags, so no count here). */
    public static final Map<String, String> FILTER_LABELS = Stream.of(TrustStatus.values())
            .collect(Collectors.toUnmodifiableMap(TrustStatus::wire, TrustStatus::filterLabel));

    private Verdicts() {
    }

    /**
     * The badge's code: the verdict, else {@code validating} for a version still queued, else the internal status.
     *
     * @param trustStatus the backend's verdict, or null
     * @param status the internal status, or null
     * @return a code for the badge's CSS class, or null when neither is known
     */
    public static String code(String trustStatus, String status) {
        if (trustStatus != null && !trustStatus.isBlank()) {
            return trustStatus;
        }
        if (VersionStatus.find(status).map(VersionStatus::inProgress).orElse(false)) {
            return TrustStatus.VALIDATING.wire();
        }
        return status == null || status.isBlank() ? null : status;
    }

    /**
     * The badge's words: the backend's label, else the internal status.
     *
     * @param statusLabel the backend's words, or null
     * @param status the internal status, or null
     * @return the words
     */
    public static String label(String statusLabel, String status) {
        return statusLabel != null && !statusLabel.isBlank() ? statusLabel : status;
    }

    /** The filter's words for a code. */
    public static String filterLabel(String code) {
        return FILTER_LABELS.getOrDefault(code, code);
    }
}
