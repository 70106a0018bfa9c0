package io.envhub.bounty.workflow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.contract.bounty.ApplicationStatus;
import io.envhub.contract.bounty.BountyStatus;
import io.envhub.contract.bounty.PayoutStatus;
import io.envhub.contract.bounty.SubmissionStatus;
import io.envhub.kit.error.ApiException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every (state, action) pair of the four machines: the legal ones lead where the issue says, every other one is a 409. */
class WorkflowTest {
    private static final Map<Machine, Map<String, Map<String, String>>> EXPECTED = Map.of(
            Machine.BOUNTY, Map.of(
                    "draft", Map.of("edit", "draft", "open", "open", "clarify", "draft", "cancel", "cancelled"),
                    "open", Map.of("clarify", "open", "apply", "open", "submit", "open", "review", "open", "close", "closed",
                            "cancel", "cancelled", "award_last", "awarded"),
                    "closed", Map.of("review", "closed", "award_last", "awarded"),
                    "awarded", Map.of(),
                    "cancelled", Map.of()),
            Machine.APPLICATION, Map.of(
                    "pending", Map.of("accept", "accepted", "reject", "rejected", "withdraw", "withdrawn"),
                    "accepted", Map.of("withdraw", "withdrawn"),
                    "rejected", Map.of(),
                    "withdrawn", Map.of()),
            Machine.SUBMISSION, Map.of(
                    "submitted", Map.of("start_review", "in_review", "approve", "approved", "request_changes",
                            "changes_requested", "reject", "rejected", "withdraw", "withdrawn"),
                    "in_review", Map.of("approve", "approved", "request_changes", "changes_requested", "reject", "rejected",
                            "withdraw", "withdrawn"),
                    "changes_requested", Map.of("resubmit", "submitted", "withdraw", "withdrawn"),
                    "approved", Map.of(),
                    "rejected", Map.of(),
                    "withdrawn", Map.of()),
            Machine.PAYOUT, Map.of(
                    "pending", Map.of("send", "sent", "confirm", "confirmed", "fail", "failed"),
                    "sent", Map.of("confirm", "confirmed", "fail", "failed"),
                    "failed", Map.of("retry", "pending"),
                    "confirmed", Map.of()));

    @Test
    void everyPairIsEitherTheExpectedTransitionOrA409NamingStateAndAllowedActions() {
        int illegal = 0;
        for (Machine machine : Machine.values()) {
            Map<String, Map<String, String>> table = EXPECTED.get(machine);
            assertEquals(table.keySet(), Set.copyOf(machine.states()), machine + " states");
            for (String state : machine.states()) {
                for (String action : machine.actions()) {
                    String expected = table.get(state).get(action);
                    if (expected != null) {
                        assertEquals(expected, machine.next(state, action), machine + " " + state + " --" + action + "-->");
                        assertTrue(machine.allows(state, action));
                        continue;
                    }
                    illegal++;
                    assertFalse(machine.allows(state, action));
                    ApiException e = assertThrows(ApiException.Conflict.class, () -> machine.next(state, action));
                    assertEquals("illegal-transition", e.code());
                    assertTrue(e.getMessage().contains(" is " + state + ";"), e.getMessage());
                    List<String> allowed = table.get(state).keySet().stream().filter(a -> !Workflow.INTERNAL.contains(a)).toList();
                    if (allowed.isEmpty()) {
                        assertTrue(e.getMessage().endsWith("allowed actions: none."), e.getMessage());
                    }
                    for (String a : allowed) {
                        assertTrue(e.getMessage().contains(a), e.getMessage() + " should name " + a);
                    }
                    assertFalse(e.getMessage().contains("award_last"), e.getMessage());
                }
            }
        }
        assertEquals(75, illegal, "illegal (state, action) pairs tried");
    }

    @Test
    void everyMachineSpeaksTheContractsVocabulary() {
        assertEquals(Set.copyOf(BountyStatus.wires()), Set.copyOf(Machine.BOUNTY.states()));
        assertEquals(Set.copyOf(ApplicationStatus.wires()), Set.copyOf(Machine.APPLICATION.states()));
        assertEquals(Set.copyOf(SubmissionStatus.wires()), Set.copyOf(Machine.SUBMISSION.states()));
        assertEquals(Set.copyOf(PayoutStatus.wires()), Set.copyOf(Machine.PAYOUT.states()));
    }

    @Test
    void aConfirmedPayoutIsFinalAndAFailedOneOnlyRetries() {
        assertEquals(List.of(), Machine.PAYOUT.allowed("confirmed"));
        assertEquals(List.of("retry"), Machine.PAYOUT.allowed("failed"));
        ApiException e = assertThrows(ApiException.Conflict.class, () -> Machine.PAYOUT.next("failed", "confirm"));
        assertEquals("Cannot confirm: the payout is failed; allowed actions: retry.", e.getMessage());
    }

    @Test
    void unknownStatesAllowNothing() {
        assertThrows(ApiException.Conflict.class, () -> Machine.SUBMISSION.next("lost", "approve"));
        assertEquals(List.of(), Machine.BOUNTY.allowed("lost"));
    }
}
