package io.envhub.bounty;

import static io.envhub.bounty.Api.PROBLEM;
import static io.envhub.bounty.Api.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.bounty.Hub.Outcome;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A sponsor's hub-run evaluation of a submission (issue 33): the sponsor links the run they started on hub-backend to
 * the submitted version; only the sponsor and admins see it; the submitter and strangers may not link one; a resubmitted
 * version starts without one.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class SubmissionHubEvalTest {
    private static final String LINK = "/api/v1/submissions/{s}/hub-eval";
    private static final String RUN = "0123456789abcdef0123456789abcdef";

    @Inject
    Db db;

    @BeforeAll
    static void users() {
        Tokens.ensureUser("bob");
    }

    @Test
    void theSponsorLinksARunAndOnlyTheSponsorSeesIt() {
        long id = Api.open("sam", "open_access", 1);
        String u = Hub.unique();
        Hub.publish("alice", "hubeval-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        long sub = Api.submit(id, "alice", "hubeval-" + u, "1.0.0");

        given().contentType("application/json").body("{\"runId\":\"" + RUN + "\"}").put(LINK, sub).then().statusCode(401);
        as("alice").body("{\"runId\":\"" + RUN + "\"}").put(LINK, sub).then().statusCode(403);
        as("bob").body("{\"runId\":\"" + RUN + "\"}").put(LINK, sub).then().statusCode(403);
        as("sam").body("{\"runId\":\"../../x\"}").put(LINK, sub).then().statusCode(400)
                .body("type", equalTo(PROBLEM + "invalid-request"));
        as("sam").body("{}").put(LINK, sub).then().statusCode(400);
        as("sam").body("{\"runId\":\"" + RUN + "\"}").put(LINK, 999_999_999L).then().statusCode(404);

        as("sam").body("{\"runId\":\"" + RUN + "\"}").put(LINK, sub).then().statusCode(200)
                .body("hubEvalRunId", equalTo(RUN)).body("status", equalTo("submitted"));
        as("sam").get("/api/v1/submissions/{s}", sub).then().body("hubEvalRunId", equalTo(RUN));
        as("ada").get("/api/v1/submissions/{s}", sub).then().body("hubEvalRunId", equalTo(RUN));
        as("alice").get("/api/v1/submissions/{s}", sub).then().body("hubEvalRunId", nullValue());
        as("bob").get("/api/v1/submissions/{s}", sub).then().body("hubEvalRunId", nullValue());
        given().get("/api/v1/bounties/{id}/submissions", id).then().body("[0].hubEvalRunId", nullValue());
        assertEquals(1, db.count("SELECT count(*) FROM bounty.audit_log WHERE entity = 'submission' AND entity_id = ?1 "
                + "AND action = 'hub_eval'", sub));

        // another request replaces the link
        String second = "fedcba9876543210fedcba9876543210";
        as("sam").body("{\"runId\":\"" + second + "\"}").put(LINK, sub).then().statusCode(200).body("hubEvalRunId", equalTo(second));
        assertEquals(1, db.count("SELECT count(*) FROM bounty.submission_versions WHERE submission_id = ?1 "
                + "AND hub_eval_run_id = ?2 AND hub_eval_requested_by = 'sam'", sub, second));
    }
}
