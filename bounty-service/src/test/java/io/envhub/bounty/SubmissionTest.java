package io.envhub.bounty;

import static io.envhub.bounty.Api.PROBLEM;
import static io.envhub.bounty.Api.as;
import static io.envhub.bounty.Api.submitBody;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

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

/** Submitting environment versions: hub-backend (real) must vouch for the version and the submitter. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class SubmissionTest {
    private static final String SUBMIT = "/api/v1/bounties/{id}/submissions";

    @Inject
    Db db;

    @BeforeAll
    static void users() {
        Tokens.ensureUser("bob");
    }

    @Test
    void onlyPublishedValidatedRuntimeVerifiedVersionsOfOnesOwnAreAccepted() {
        long id = Api.open("sam", "open_access", 2);
        String u = Hub.unique();
        refused(id, "alice", "alice/ghost-" + u, "1.0.0", 409, "version-not-found");
        Hub.publish("alice", "static-" + u, "1.0.0", Outcome.STATIC_ONLY);
        refused(id, "alice", "alice/static-" + u, "1.0.0", 409, "version-not-runtime-verified");
        Hub.publish("alice", "failed-" + u, "1.0.0", Outcome.FAILED);
        refused(id, "alice", "alice/failed-" + u, "1.0.0", 409, "version-not-validated");
        Hub.publish("alice", "pending-" + u, "1.0.0", Outcome.PENDING);
        refused(id, "alice", "alice/pending-" + u, "1.0.0", 409, "version-not-validated");
        Hub.publish("alice", "yanked-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        Hub.yank("alice", "yanked-" + u, "1.0.0");
        refused(id, "alice", "alice/yanked-" + u, "1.0.0", 409, "version-yanked");
        Hub.publish("bob", "bobs-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        refused(id, "alice", "bob/bobs-" + u, "1.0.0", 403, "not-a-publisher");
        refused(id, "alice", "no-slash", "1.0.0", 400, "invalid-environment");
        Hub.publish("sam", "sams-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        refused(id, "sam", "sam/sams-" + u, "1.0.0", 403, "self-dealing");

        String sha = Hub.publish("alice", "good-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        long sub = as("alice").body(submitBody("alice/good-" + u, "1.0")).post(SUBMIT, id).then().statusCode(201)
                .body("status", equalTo("submitted")).body("submitter", equalTo("alice"))
                .body("environment", equalTo("alice/good-" + u)).body("version", equalTo("1.0.0")).body("sha256", equalTo(sha))
                .body("versions.size()", equalTo(1)).body("allowedActions", equalTo(java.util.List.of("withdraw")))
                .extract().jsonPath().getLong("id");
        refused(id, "alice", "alice/good-" + u, "1.0.0", 409, "already-submitted");
        as("bob").get(SUBMIT, id).then().statusCode(200).body("id", hasItem((int) sub));
        as("alice").get("/api/v1/bounties/me/submissions").then().body("find { it.id == " + sub + " }.bountyId", equalTo((int) id));
        as("sam").get("/api/v1/submissions/{s}", sub).then().statusCode(200)
                .body("allowedActions", equalTo(java.util.List.of("start_review", "approve", "request_changes", "reject")));
    }

    @Test
    void aQuarantinedVersionIsRefusedWithTheModeratorsReason() {
        long id = Api.open("sam", "open_access", 1);
        String u = Hub.unique();
        Hub.publish("alice", "quar-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        Hub.quarantine("alice", "quar-" + u, "1.0.0", "Sends the grader's API key to a third party.");
        as("alice").body(submitBody("alice/quar-" + u, "1.0.0")).post(SUBMIT, id).then().statusCode(409)
                .contentType("application/problem+json").body("type", equalTo(PROBLEM + "version-quarantined"))
                .body("detail", equalTo("alice/quar-" + u + "@1.0.0 is quarantined by the hub's moderators: Sends the grader's "
                        + "API key to a third party; it cannot be submitted or approved."));
        as("alice").get(SUBMIT, id).then().statusCode(200).body("size()", equalTo(0));
    }

    @Test
    void applicationOnlyBountiesTakeSubmissionsFromAcceptedApplicantsOnly() {
        long id = Api.open("sam", "application_only", 1);
        String u = Hub.unique();
        Hub.publish("bob", "appl-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        refused(id, "bob", "bob/appl-" + u, "1.0.0", 403, "not-accepted");
        Api.accepted(id, "bob", "sam");
        as("bob").get("/api/v1/bounties/{id}", id).then().body("allowedActions", equalTo(java.util.List.of("apply", "submit")));
        Api.submit(id, "bob", "appl-" + u, "1.0.0");
    }

    @Test
    void noSubmissionAfterTheDeadlineOrOnAClosedBounty() {
        String u = Hub.unique();
        Hub.publish("alice", "late-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        long late = Api.open("sam", "open_access", 1);
        db.deadlinePassed(late);
        refused(late, "alice", "alice/late-" + u, "1.0.0", 409, "deadline-passed");
        long closed = Api.open("sam", "open_access", 1);
        as("sam").post("/api/v1/bounties/{id}/close", closed).then().statusCode(200);
        refused(closed, "alice", "alice/late-" + u, "1.0.0", 409, "illegal-transition");
        long draft = Api.draft("sam", "open_access", 1);
        refused(draft, "alice", "alice/late-" + u, "1.0.0", 404, "not-found");
    }

    @Test
    void submittersWithdrawTheirOwnSubmissionsOnly() {
        long id = Api.open("sam", "open_access", 1);
        String u = Hub.unique();
        Hub.publish("alice", "wd-" + u, "1.0.0", Outcome.RUNTIME_VERIFIED);
        long sub = Api.submit(id, "alice", "wd-" + u, "1.0.0");
        as("bob").post("/api/v1/submissions/{s}/withdraw", sub).then().statusCode(403);
        as("alice").post("/api/v1/submissions/{s}/withdraw", sub).then().statusCode(200).body("status", equalTo("withdrawn"));
        as("alice").post("/api/v1/submissions/{s}/withdraw", sub).then().statusCode(409)
                .body("detail", equalTo("Cannot withdraw: the submission is withdrawn; allowed actions: none."));
        Api.submit(id, "alice", "wd-" + u, "1.0.0");
    }

    private static void refused(long id, String user, String env, String version, int status, String type) {
        as(user).body(submitBody(env, version)).post(SUBMIT, id).then().statusCode(status)
                .contentType("application/problem+json").body("type", equalTo(PROBLEM + type));
    }
}
