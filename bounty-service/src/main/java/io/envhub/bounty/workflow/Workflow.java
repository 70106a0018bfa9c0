package io.envhub.bounty.workflow;

import io.envhub.contract.ProblemCode;
import io.envhub.contract.bounty.ApplicationStatus;
import io.envhub.contract.bounty.BountyStatus;
import io.envhub.contract.bounty.PayoutStatus;
import io.envhub.contract.bounty.SubmissionStatus;
import io.envhub.kit.error.ApiException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The four state machines (bounty, application, submission, payout) in one place: for each state, the actions it allows and
 * the state each leads to. Every status change in the service goes through {@link Machine#next}; an action the current
 * state does not allow is a 409 {@code illegal-transition} naming the state and the actions it allows. Actions that
 * keep the state (e.g. {@code clarify}, {@code submit} on a bounty) are listed so that they are refused the same way.
 */
public final class Workflow {
    /** Actions the service takes by itself (not asked for by a caller), left out of refusal messages. */
    public static final Set<String> INTERNAL = Set.of("award_last", "send");

    private Workflow() {
    }

    /** One state machine. */
    public enum Machine {
        /** A bounty: draft → open → closed | cancelled, awarded when every award is given. */
        BOUNTY("bounty", table(
                BountyStatus.DRAFT, List.of("edit", BountyStatus.DRAFT, "open", BountyStatus.OPEN, "clarify",
                        BountyStatus.DRAFT, "cancel", BountyStatus.CANCELLED),
                BountyStatus.OPEN, List.of("clarify", BountyStatus.OPEN, "apply", BountyStatus.OPEN, "submit",
                        BountyStatus.OPEN, "review", BountyStatus.OPEN, "close", BountyStatus.CLOSED,
                        "cancel", BountyStatus.CANCELLED, "award_last", BountyStatus.AWARDED),
                BountyStatus.CLOSED, List.of("review", BountyStatus.CLOSED, "award_last", BountyStatus.AWARDED),
                BountyStatus.AWARDED, List.of(),
                BountyStatus.CANCELLED, List.of())),
        /** An application to an application-only bounty. */
        APPLICATION("application", table(
                ApplicationStatus.PENDING, List.of("accept", ApplicationStatus.ACCEPTED, "reject", ApplicationStatus.REJECTED,
                        "withdraw", ApplicationStatus.WITHDRAWN),
                ApplicationStatus.ACCEPTED, List.of("withdraw", ApplicationStatus.WITHDRAWN),
                ApplicationStatus.REJECTED, List.of(),
                ApplicationStatus.WITHDRAWN, List.of())),
        /** A submission of an environment version. */
        SUBMISSION("submission", table(
                SubmissionStatus.SUBMITTED, List.of("start_review", SubmissionStatus.IN_REVIEW, "approve",
                        SubmissionStatus.APPROVED, "request_changes", SubmissionStatus.CHANGES_REQUESTED, "reject",
                        SubmissionStatus.REJECTED, "withdraw", SubmissionStatus.WITHDRAWN),
                SubmissionStatus.IN_REVIEW, List.of("approve", SubmissionStatus.APPROVED, "request_changes",
                        SubmissionStatus.CHANGES_REQUESTED, "reject", SubmissionStatus.REJECTED,
                        "withdraw", SubmissionStatus.WITHDRAWN),
                SubmissionStatus.CHANGES_REQUESTED, List.of("resubmit", SubmissionStatus.SUBMITTED, "withdraw",
                        SubmissionStatus.WITHDRAWN),
                SubmissionStatus.APPROVED, List.of(),
                SubmissionStatus.REJECTED, List.of(),
                SubmissionStatus.WITHDRAWN, List.of())),
        /**
         * A payout: pending (written at approval) → sent (the provider took it) → confirmed; pending or sent → failed
         * (the amount stays payable); failed → pending again on retry (next attempt). Confirmation is final.
         */
        PAYOUT("payout", table(
                PayoutStatus.PENDING, List.of("send", PayoutStatus.SENT, "confirm", PayoutStatus.CONFIRMED, "fail",
                        PayoutStatus.FAILED),
                PayoutStatus.SENT, List.of("confirm", PayoutStatus.CONFIRMED, "fail", PayoutStatus.FAILED),
                PayoutStatus.FAILED, List.of("retry", PayoutStatus.PENDING),
                PayoutStatus.CONFIRMED, List.of()));

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

    /** A state's word: the contract's enum constant's wire word. */
    private static String wire(Object state) {
        if (state instanceof BountyStatus b) {
            return b.wire();
        }
        if (state instanceof ApplicationStatus a) {
            return a.wire();
        }
        if (state instanceof SubmissionStatus s) {
            return s.wire();
        }
        if (state instanceof PayoutStatus p) {
            return p.wire();
        }
        throw new IllegalArgumentException("not a status: " + state);
    }

    private static Map<String, Map<String, String>> table(Object... rows) {
        Map<String, Map<String, String>> table = new LinkedHashMap<>();
        for (int i = 0; i < rows.length; i += 2) {
            List<?> pairs = (List<?>) rows[i + 1];
            Map<String, String> row = new LinkedHashMap<>();
            for (int j = 0; j < pairs.size(); j += 2) {
                row.put((String) pairs.get(j), wire(pairs.get(j + 1)));
            }
            table.put(wire(rows[i]), Collections.unmodifiableMap(row));
        }
        return Collections.unmodifiableMap(table);
    }
}
