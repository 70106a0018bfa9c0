package io.envhub.bounty.workflow;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The three state machines (bounty, application, submission) in one place: for each state, the actions it allows and
 * the state each leads to. Every status change in the service goes through {@link Machine#next}; an action the current
 * state does not allow is a 409 {@code illegal-transition} naming the state and the actions it allows. Actions that
 * keep the state (e.g. {@code clarify}, {@code submit} on a bounty) are listed so that they are refused the same way.
 */
public final class Workflow {
    /** Actions the service takes by itself (not asked for by a caller), left out of refusal messages. */
    public static final Set<String> INTERNAL = Set.of("award_last");

    private Workflow() {
    }

    /** One state machine. */
    public enum Machine {
        /** A bounty: draft → open → closed | cancelled, awarded when every award is given. */
        BOUNTY("bounty", table(
                "draft", List.of("edit", "draft", "open", "open", "clarify", "draft", "cancel", "cancelled"),
                "open", List.of("clarify", "open", "apply", "open", "submit", "open", "review", "open", "close", "closed",
                        "cancel", "cancelled", "award_last", "awarded"),
                "closed", List.of("review", "closed", "award_last", "awarded"),
                "awarded", List.of(),
                "cancelled", List.of())),
        /** An application to an application-only bounty. */
        APPLICATION("application", table(
                "pending", List.of("accept", "accepted", "reject", "rejected", "withdraw", "withdrawn"),
                "accepted", List.of("withdraw", "withdrawn"),
                "rejected", List.of(),
                "withdrawn", List.of())),
        /** A submission of an environment version. */
        SUBMISSION("submission", table(
                "submitted", List.of("start_review", "in_review", "approve", "approved", "request_changes",
                        "changes_requested", "reject", "rejected", "withdraw", "withdrawn"),
                "in_review", List.of("approve", "approved", "request_changes", "changes_requested", "reject", "rejected",
                        "withdraw", "withdrawn"),
                "changes_requested", List.of("resubmit", "submitted", "withdraw", "withdrawn"),
                "approved", List.of(),
                "rejected", List.of(),
                "withdrawn", List.of()));

        private final String noun;
        private final Map<String, Map<String, String>> table;

        Machine(String noun, Map<String, Map<String, String>> table) {
            this.noun = noun;
            this.table = table;
        }

        /** Every state of this machine. */
        public List<String> states() {
            return List.copyOf(table.keySet());
        }

        /** Every action of this machine, in first-seen order. */
        public List<String> actions() {
            return table.values().stream().flatMap(m -> m.keySet().stream()).distinct().toList();
        }

        /** The actions {@code state} allows, in table order. */
        public List<String> allowed(String state) {
            Map<String, String> row = table.get(state);
            return row == null ? List.of() : List.copyOf(row.keySet());
        }

        /** Whether {@code state} allows {@code action}. */
        public boolean allows(String state, String action) {
            Map<String, String> row = table.get(state);
            return row != null && row.containsKey(action);
        }

        /** The state {@code action} leads to from {@code state}; 409 {@code illegal-transition} when not allowed. */
        public String next(String state, String action) {
            Map<String, String> row = table.get(state);
            if (row == null || !row.containsKey(action)) {
                throw illegal(state, action);
            }
            return row.get(action);
        }

        /** The 409 for {@code action} in {@code state}. */
        public ApiException illegal(String state, String action) {
            List<String> allowed = allowed(state).stream().filter(a -> !INTERNAL.contains(a)).toList();
            return new ApiException.Conflict(ProblemCode.ILLEGAL_TRANSITION, "Cannot " + action.replace('_', ' ') + ": the " + noun
                    + " is " + state + "; allowed actions: " + (allowed.isEmpty() ? "none" : String.join(", ", allowed)) + ".");
        }
    }

    private static Map<String, Map<String, String>> table(Object... rows) {
        Map<String, Map<String, String>> table = new LinkedHashMap<>();
        for (int i = 0; i < rows.length; i += 2) {
            List<?> pairs = (List<?>) rows[i + 1];
            Map<String, String> row = new LinkedHashMap<>();
            for (int j = 0; j < pairs.size(); j += 2) {
                row.put((String) pairs.get(j), (String) pairs.get(j + 1));
            }
            table.put((String) rows[i], Collections.unmodifiableMap(row));
        }
        return Collections.unmodifiableMap(table);
    }
}
