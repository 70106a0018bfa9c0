package io.envhub.bounty;

import static io.envhub.bounty.Api.PROBLEM;
import static io.envhub.bounty.Api.as;
import static io.envhub.bounty.Api.review;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.bounty.Hub.Outcome;
import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * Through the API, in every reachable state of a bounty, an application and a submission: every action the state does
 * not allow is a 409 {@code illegal-transition} naming the state, and nothing changes.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class StateMachineApiTest {
    private static String env;

    @Test
    void bountyActionsOutsideTheirStatesAre409() {
        Map<String, LongFunction<Response>> actions = new LinkedHashMap<>();
        actions.put("edit", id -> as("sam").body("{\"title\":\"x\"}").patch("/api/v1/bounties/{id}", id));
        actions.put("open", id -> as("sam").post("/api/v1/bounties/{id}/open", id));
        actions.put("close", id -> as("sam").post("/api/v1/bounties/{id}/close", id));
        actions.put("cancel", id -> as("sam").post("/api/v1/bounties/{id}/cancel", id));
        actions.put("clarify", id -> as("sam").body("{\"text\":\"x\"}").post("/api/v1/bounties/{id}/clarifications", id));
        actions.put("apply", id -> as("ada").body("{\"proposal\":\"x\"}").post("/api/v1/bounties/{id}/applications", id));
        actions.put("submit", id -> as("ada").body(Api.submitBody("ada/none", "1.0.0")).post("/api/v1/bounties/{id}/submissions", id));
        int tried = 0;
        for (String state : List.of("draft", "open", "closed", "cancelled", "awarded")) {
            for (Map.Entry<String, LongFunction<Response>> action : actions.entrySet()) {
                if (Machine.BOUNTY.allows(state, action.getKey())) {
                    continue;
                }
                long id = bountyIn(state);
                illegal(action.getValue().apply(id), "bounty", state);
                assertEquals(state, as("sam").get("/api/v1/bounties/{id}", id).jsonPath().getString("status"));
                tried++;
            }
        }
        assertEquals(26, tried);
    }

    @Test
    void applicationActionsOutsideTheirStatesAre409() {
        Map<String, String> decisions = Map.of("accept", "{\"decision\":\"accept\"}", "reject", "{\"decision\":\"reject\"}");
        int tried = 0;
        for (String state : List.of("pending", "accepted", "rejected", "withdrawn")) {
            for (String action : List.of("accept", "reject", "withdraw")) {
                if (Machine.APPLICATION.allows(state, action)) {
                    continue;
                }
                long bounty = Api.open("sam", "application_only", 1);
                long app = applicationIn(bounty, state);
                Response r = "withdraw".equals(action)
                        ? as("alice").post("/api/v1/bounties/{id}/applications/{a}/withdraw", bounty, app)
                        : as("sam").body(decisions.get(action)).post("/api/v1/bounties/{id}/applications/{a}/decision", bounty, app);
                illegal(r, "application", state);
                tried++;
            }
        }
        assertEquals(8, tried);
    }

    @Test
    void submissionActionsOutsideTheirStatesAre409() {
        Map<String, LongFunction<Response>> actions = new LinkedHashMap<>();
        actions.put("start_review", s -> as("sam").post("/api/v1/submissions/{s}/start-review", s));
        actions.put("approve", s -> as("sam").body(review("approve")).post("/api/v1/submissions/{s}/reviews", s));
        actions.put("request_changes", s -> as("sam").body(review("request_changes")).post("/api/v1/submissions/{s}/reviews", s));
        actions.put("reject", s -> as("sam").body(review("reject")).post("/api/v1/submissions/{s}/reviews", s));
        actions.put("resubmit", s -> as("alice").body("{\"version\":\"1.0.0\"}").post("/api/v1/submissions/{s}/versions", s));
        actions.put("withdraw", s -> as("alice").post("/api/v1/submissions/{s}/withdraw", s));
        int tried = 0;
        for (String state : List.of("submitted", "in_review", "changes_requested", "approved", "rejected", "withdrawn")) {
            for (Map.Entry<String, LongFunction<Response>> action : actions.entrySet()) {
                if (Machine.SUBMISSION.allows(state, action.getKey())) {
                    continue;
                }
                long sub = submissionIn(state);
                Response r = action.getValue().apply(sub);
                if ("approved".equals(state) && "approve".equals(action.getKey())) {
                    r.then().statusCode(200).body("status", equalTo("approved"));   // idempotent, not illegal
                } else {
                    illegal(r, "submission", state);
                }
                assertEquals(state, as("sam").get("/api/v1/submissions/{s}", sub).jsonPath().getString("status"));
                tried++;
            }
        }
        assertEquals(25, tried);
    }

    private static void illegal(Response r, String noun, String state) {
        r.then().statusCode(409).contentType("application/problem+json").body("type", equalTo(PROBLEM + "illegal-transition"))
                .body("detail", containsString("the " + noun + " is " + state + "; allowed actions: "));
    }

    private static long bountyIn(String state) {
        if ("awarded".equals(state)) {
            long id = Api.open("sam", "open_access", 1);
            long sub = Api.submit(id, "alice", env(), "1.0.0");
            as("sam").body(review("approve")).post("/api/v1/submissions/{s}/reviews", sub).then().statusCode(200);
            return id;
        }
        long id = "draft".equals(state) ? Api.draft("sam", "open_access", 1) : Api.open("sam", "open_access", 1);
        if ("closed".equals(state)) {
            as("sam").post("/api/v1/bounties/{id}/close", id).then().statusCode(200);
        } else if ("cancelled".equals(state)) {
            as("sam").post("/api/v1/bounties/{id}/cancel", id).then().statusCode(200);
        }
        return id;
    }

    private static long applicationIn(long bounty, String state) {
        long app = as("alice").body("{\"proposal\":\"p\"}").post("/api/v1/bounties/{id}/applications", bounty).then()
                .statusCode(201).extract().jsonPath().getLong("id");
        String decision = "/api/v1/bounties/{id}/applications/{a}/decision";
        switch (state) {
            case "accepted" -> as("sam").body("{\"decision\":\"accept\"}").post(decision, bounty, app).then().statusCode(200);
            case "rejected" -> as("sam").body("{\"decision\":\"reject\"}").post(decision, bounty, app).then().statusCode(200);
            case "withdrawn" -> as("alice").post("/api/v1/bounties/{id}/applications/{a}/withdraw", bounty, app).then()
                    .statusCode(200);
            default -> {
            }
        }
        return app;
    }

    private static long submissionIn(String state) {
        long bounty = Api.open("sam", "open_access", 1);
        long sub = Api.submit(bounty, "alice", env(), "1.0.0");
        String reviews = "/api/v1/submissions/{s}/reviews";
        switch (state) {
            case "in_review" -> as("sam").post("/api/v1/submissions/{s}/start-review", sub).then().statusCode(200);
            case "changes_requested" -> as("sam").body(review("request_changes")).post(reviews, sub).then().statusCode(200);
            case "approved" -> as("sam").body(review("approve")).post(reviews, sub).then().statusCode(200);
            case "rejected" -> as("sam").body(review("reject")).post(reviews, sub).then().statusCode(200);
            case "withdrawn" -> as("alice").post("/api/v1/submissions/{s}/withdraw", sub).then().statusCode(200);
            default -> {
            }
        }
        return sub;
    }

    private static String env() {
        if (env == null) {
            env = "machine-" + Hub.unique();
            Hub.publish("alice", env, "1.0.0", Outcome.RUNTIME_VERIFIED);
        }
        return env;
    }
}
