package io.envhub.web.hub;

import io.envhub.contract.TrustStatus;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The user-facing verdict of a version as hub-backend computes it ({@code trustStatus} and its words,
 * {@code statusLabel}); the pages only show it. It is the one status vocabulary of the hub's API (version 2).
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
     * The badge's code: the verdict (since API version 2 the hub sends no other status for a version).
     *
     * @param trustStatus the backend's verdict, or null
     * @return a code for the badge's CSS class, or null when it is not known
     */
    public static String code(String trustStatus) {
        return trustStatus == null || trustStatus.isBlank() ? null : trustStatus;
    }

    /**
     * The badge's words: the backend's label, else the verdict's code.
     *
     * @param statusLabel the backend's words, or null
     * @param trustStatus the verdict's code, or null
     * @return the words
     */
    public static String label(String statusLabel, String trustStatus) {
        return statusLabel != null && !statusLabel.isBlank() ? statusLabel : trustStatus;
    }

    /** The filter's words for a code. */
    public static String filterLabel(String code) {
        return FILTER_LABELS.getOrDefault(code, code);
    }
}
