package io.envhub.web.admin;

import java.util.List;

/** The queue's filter choices: kinds of both services, and states. Unknown values are dropped (no filter). */
public final class QueueFilters {
    /** Kinds hub-backend queues. */
    static final List<String> HUB_KINDS = List.of("report", "flagged-version", "first-publication");
    /** Kinds bounty-service queues. */
    static final List<String> BOUNTY_KINDS = List.of("application", "submission");
    /** Every kind, in the order the filter offers them. */
    public static final List<String> KINDS = List.of("report", "flagged-version", "first-publication", "application",
            "submission");
    /** The states the filter offers. */
    public static final List<String> STATES = List.of("open", "closed");

    private QueueFilters() {
    }

    /** The kind if it is one of {@link #KINDS}, else null. */
    static String kind(String value) {
        return value != null && KINDS.contains(value) ? value : null;
    }

    /** The state if it is one of {@link #STATES}, else null. */
    static String state(String value) {
        return value != null && STATES.contains(value) ? value : null;
    }

    static boolean bountyKind(String kind) {
        return kind != null && BOUNTY_KINDS.contains(kind);
    }
}
