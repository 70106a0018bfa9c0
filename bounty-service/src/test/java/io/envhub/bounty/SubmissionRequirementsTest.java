package io.envhub.bounty;

import static io.envhub.bounty.Api.PROBLEM;
import static io.envhub.bounty.Api.as;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.envhub.bounty.Hub.Outcome;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A bounty's required tags and task type are checked against the environment's tags (from hub-backend) on submission. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class SubmissionRequirementsTest {
    @Test
    void missingTagsAndTaskTypeAreNamedInA409() {
        String env = "req-" + Hub.unique();
        Hub.publish("alice", env, "1.0.0", Outcome.RUNTIME_VERIFIED);   // tags: text, single-turn
        long strict = bounty(List.of("text", "tool-use"), "multi-turn");
        as("alice").body(Api.submitBody("alice/" + env, "1.0.0")).post("/api/v1/bounties/{id}/submissions", strict).then()
                .statusCode(409).contentType("application/problem+json").body("type", equalTo(PROBLEM + "missing-required-tags"))
                .body("detail", containsString("missing required tag(s) tool-use;"))
                .body("detail", containsString("missing task type multi-turn"))
                .body("detail", containsString("its tags are single-turn, text"));
        long met = bounty(List.of("text"), "single-turn");
        as("alice").body(Api.submitBody("alice/" + env, "1.0.0")).post("/api/v1/bounties/{id}/submissions", met).then()
                .statusCode(201).body("status", equalTo("submitted"));
        long tagsOnly = bounty(List.of("single-turn"), null);
        as("alice").body(Api.submitBody("alice/" + env, "1.0.0")).post("/api/v1/bounties/{id}/submissions", tagsOnly).then()
                .statusCode(201).body("status", not(equalTo("rejected")));
    }

    private static long bounty(List<String> tags, String taskType) {
        String body = Api.bountyBody("Tagged " + Hub.unique(), "software", "open_access", 1_000, 1, List.of("Works"));
        body = body.substring(0, body.length() - 1) + ",\"requiredTags\":[\"" + String.join("\",\"", tags) + "\"]"
                + (taskType == null ? "" : ",\"taskType\":\"" + taskType + "\"") + "}";
        long id = as("sam").body(body).post("/api/v1/bounties").then().statusCode(201).extract().jsonPath().getLong("id");
        Api.fund("sam", 1_000);
        as("sam").post("/api/v1/bounties/{id}/open", id).then().statusCode(200);
        return id;
    }
}
