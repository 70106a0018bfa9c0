package io.envhub.bounty.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.envhub.bounty.application.ApplicationViews;
import io.envhub.bounty.bounty.BountyViews;
import io.envhub.bounty.submission.SubmissionViews;
import io.envhub.contract.bounty.BountyJson;
import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Per endpoint shape, the JSON bounty-service writes against the contract record its clients (hub-frontend, the CLI)
 * read it into, and the bodies the clients send against the record the service reads: everything the reader's record
 * names is there under the same name with the same value, and the reader's record written again says the same. A
 * renamed or retyped field on either side fails here instead of showing as a blank on a page.
 */
class BountyJsonContractTest {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE);
    /** The fields a list item leaves out of a bounty (the reader's record has them for the full bounty). */
    private static final Set<String> NOT_IN_LIST = Set.of("description", "criteria", "requiredTags", "taskType",
            "clarifications", "awarded", "allowedActions");

    /** The optional fields of a bounty's body that neither the pages nor the CLI set (the service takes null). */
    private static final Set<String> CLIENTS_DO_NOT_SET = Set.of("requiredTags", "taskType");

    static Stream<Arguments> answers() {
        return Stream.of(
                Arguments.of(BountyViews.BountyDetail.class, BountyJson.Bounty.class, Set.of()),
                Arguments.of(BountyViews.BountySummary.class, BountyJson.Bounty.class, NOT_IN_LIST),
                Arguments.of(BountyViews.BountyPage.class, BountyJson.BountyPage.class, NOT_IN_LIST),
                Arguments.of(BountyViews.ClarificationView.class, BountyJson.Clarification.class, Set.of()),
                Arguments.of(BountyViews.Award.class, BountyJson.Award.class, Set.of()),
                Arguments.of(ApplicationViews.ApplicationView.class, BountyJson.Application.class, Set.of()),
                Arguments.of(SubmissionViews.SubmissionView.class, BountyJson.Submission.class, Set.of()),
                Arguments.of(SubmissionViews.ReviewView.class, BountyJson.Review.class, Set.of()),
                Arguments.of(SubmissionViews.VersionView.class, BountyJson.SubmittedVersion.class, Set.of()),
                Arguments.of(SubmissionViews.ChecklistItem.class, BountyJson.ChecklistItem.class, Set.of()));
    }

    static Stream<Arguments> bodies() {
        return Stream.of(
                Arguments.of(BountyJson.BountyRequest.class, BountyViews.BountyRequest.class, CLIENTS_DO_NOT_SET),
                Arguments.of(BountyJson.ClarificationRequest.class, BountyViews.ClarificationRequest.class, Set.of()),
                Arguments.of(BountyJson.ApplicationRequest.class, ApplicationViews.ApplyRequest.class, Set.of()),
                Arguments.of(BountyJson.DecisionRequest.class, ApplicationViews.DecisionRequest.class, Set.of()),
                Arguments.of(BountyJson.SubmissionRequest.class, SubmissionViews.SubmitRequest.class, Set.of()),
                Arguments.of(BountyJson.ReviewRequest.class, SubmissionViews.ReviewRequest.class, Set.of()));
    }

    @ParameterizedTest
    @MethodSource("answers")
    void clientsReadWhatTheServiceWrites(Class<?> written, Class<?> read, Set<String> absent) throws Exception {
        carries(written, read, absent);
    }

    @ParameterizedTest
    @MethodSource("bodies")
    void theServiceReadsWhatClientsSend(Class<?> written, Class<?> read, Set<String> absent) throws Exception {
        carries(written, read, absent);
    }

    private static void carries(Class<?> written, Class<?> read, Set<String> absent) throws Exception {
        JsonNode sent = JSON.valueToTree(BountyJsonRoundTripTest.sample(written));
        Object value = JSON.treeToValue(sent, read);
        JsonNode again = JSON.valueToTree(value);
        same(read.getSimpleName(), sent, again, absent);
        for (RecordComponent c : read.getRecordComponents()) {
            assertTrue(sent.has(c.getName()) || absent.contains(c.getName()),
                    written.getSimpleName() + " carries no " + c.getName() + " for " + read.getName() + ": " + sent);
        }
        assertEquals(value, JSON.treeToValue(again, read), "the reader's record reads back as written");
    }

    /** Every field of {@code again} (the reader's record written again) has the value {@code sent} had. */
    private static void same(String where, JsonNode sent, JsonNode again, Set<String> absent) {
        if (again.isObject()) {
            Set<String> names = new TreeSet<>();
            again.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                if (!sent.has(name)) {
                    assertTrue(again.get(name).isNull() && absent.contains(name), where + "." + name + " came from nowhere");
                    continue;
                }
                same(where + "." + name, sent.get(name), again.get(name), absent);
            }
        } else if (again.isArray()) {
            assertEquals(sent.size(), again.size(), where);
            Iterator<JsonNode> s = sent.elements();
            for (JsonNode a : again) {
                same(where + "[]", s.next(), a, absent);
            }
        } else {
            assertEquals(sent, again, where);
        }
    }

}
