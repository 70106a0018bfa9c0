package io.envhub.web.money;

import java.util.List;
import java.util.Map;

/** The payout states and the words the pages use for them: "paid" is only ever said of a confirmed payout. */
public final class PayoutStates {
    /** The queues an admin can list, in the order of the tabs; {@code to_pay} is pending and sent together. */
    public static final List<String> QUEUES = List.of("to_pay", "pending", "sent", "failed", "confirmed");

    private static final Map<String, String> LABELS = Map.of(
            "to_pay", "to pay",
            "pending", "pending",
            "sent", "sent, awaiting confirmation",
            "failed", "failed",
            "confirmed", "paid");

    private PayoutStates() {
    }

    /** The words for a state; an unknown state is shown as it came. */
    public static String label(String status) {
        return status == null ? "" : LABELS.getOrDefault(status, status.replace('_', ' '));
    }

    /** The queue asked for, or {@code to_pay} for anything unknown. */
    public static String queue(String asked) {
        return asked != null && QUEUES.contains(asked) ? asked : "to_pay";
    }

    /** The payout states a queue lists. */
    public static List<String> states(String queue) {
        return "to_pay".equals(queue) ? List.of("pending", "sent") : List.of(queue);
    }
}
