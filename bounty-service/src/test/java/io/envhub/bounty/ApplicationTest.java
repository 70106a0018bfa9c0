package io.envhub.bounty;

import static io.envhub.bounty.Api.PROBLEM;
import static io.envhub.bounty.Api.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Applications to application-only bounties: who may apply, who decides, who reads proposals. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class ApplicationTest {
    @Inject
    Db db;

    @BeforeAll
    static void users() {
        Tokens.ensureUser("bob");
    }

    @Test
    void applicantsApplySponsorsDecideAndProposalsStayPrivate() {
        long id = Api.open("sam", "application_only", 1);
        String apps = "/api/v1/bounties/{id}/applications";
        as("sam").body("{\"proposal\":\"me\"}").post(apps, id).then().statusCode(403)
                .body("type", equalTo(PROBLEM + "self-dealing"));
        as("alice").body("{\"proposal\":\"" + "x".repeat(10 * 1024 + 1) + "\"}").post(apps, id).then().statusCode(400)
                .body("type", equalTo(PROBLEM + "proposal-too-long"));
        as("alice").body("{\"proposal\":\" \"}").post(apps, id).then().statusCode(400);
        long app = as("alice").body("{\"proposal\":\"My **plan**\"}").post(apps, id).then().statusCode(201)
                .body("status", equalTo("pending")).body("applicant", equalTo("alice")).body("proposal", equalTo("My **plan**"))
                .extract().jsonPath().getLong("id");
        as("alice").body("{\"proposal\":\"again\"}").post(apps, id).then().statusCode(409)
                .body("type", equalTo(PROBLEM + "already-applied"));

        as("alice").get(apps, id).then().statusCode(403);
        as("bob").get(apps, id).then().statusCode(403);
        given().get(apps, id).then().statusCode(401);
        as("sam").get(apps, id).then().statusCode(200).body("proposal", hasItem("My **plan**"));
        as("ada").get(apps, id).then().statusCode(200).body("id", hasItem((int) app));

        String decision = apps + "/{app}/decision";
        as("alice").body("{\"decision\":\"accept\"}").post(decision, id, app).then().statusCode(403);
        as("sam").body("{\"decision\":\"maybe\"}").post(decision, id, app).then().statusCode(400)
                .body("type", equalTo(PROBLEM + "invalid-decision"));
        as("sam").body("{\"decision\":\"accept\",\"comment\":\"Welcome\"}").post(decision, id, app).then().statusCode(200)
                .body("status", equalTo("accepted")).body("decidedBy", equalTo("sam")).body("decisionComment", equalTo("Welcome"))
                .body("decidedAt", notNullValue());
        as("sam").body("{\"decision\":\"reject\"}").post(decision, id, app).then().statusCode(409)
                .body("detail", equalTo("Cannot reject: the application is accepted; allowed actions: withdraw."));
        as("alice").get("/api/v1/bounties/me/applications").then().statusCode(200)
                .body("find { it.id == " + app + " }.status", equalTo("accepted"))
                .body("find { it.id == " + app + " }.decisionComment", equalTo("Welcome"));
        as("bob").post(apps + "/{app}/withdraw", id, app).then().statusCode(403);
        as("alice").post(apps + "/{app}/withdraw", id, app).then().statusCode(200).body("status", equalTo("withdrawn"));
        as("alice").body("{\"proposal\":\"second try\"}").post(apps, id).then().statusCode(201);
    }

    @Test
    void anAdminCannotDecideTheirOwnApplication() {
        long id = Api.open("sam", "application_only", 1);
        long app = as("ada").body("{\"proposal\":\"admin applies\"}").post("/api/v1/bounties/{id}/applications", id).then()
                .statusCode(201).extract().jsonPath().getLong("id");
        as("ada").body("{\"decision\":\"accept\"}").post("/api/v1/bounties/{id}/applications/{app}/decision", id, app).then()
                .statusCode(403).body("type", equalTo(PROBLEM + "self-dealing"));
        as("sam").body("{\"decision\":\"reject\",\"comment\":\"no\"}")
                .post("/api/v1/bounties/{id}/applications/{app}/decision", id, app).then().statusCode(200)
                .body("status", equalTo("rejected"));
    }

    @Test
    void applicationsNeedAnOpenApplicationOnlyBountyBeforeItsDeadline() {
        long openAccess = Api.open("sam", "open_access", 1);
        as("alice").body("{\"proposal\":\"p\"}").post("/api/v1/bounties/{id}/applications", openAccess).then().statusCode(409)
                .body("type", equalTo(PROBLEM + "not-application-only"));
        long draft = Api.draft("sam", "application_only", 1);
        as("alice").body("{\"proposal\":\"p\"}").post("/api/v1/bounties/{id}/applications", draft).then().statusCode(404);
        long late = Api.open("sam", "application_only", 1);
        db.deadlinePassed(late);
        as("alice").body("{\"proposal\":\"p\"}").post("/api/v1/bounties/{id}/applications", late).then().statusCode(409)
                .body("type", equalTo(PROBLEM + "deadline-passed"));
        as("alice").get("/api/v1/bounties/{id}", late).then().body("allowedActions", equalTo(java.util.List.of()));
    }

    @Test
    void proposalsAreHiddenFromOthersInTheirOwnLists() {
        long id = Api.open("sam", "application_only", 1);
        long app = Api.accepted(id, "bob", "sam");
        as("bob").get("/api/v1/bounties/me/applications").then().body("find { it.id == " + app + " }.proposal",
                equalTo("I will build it."));
        as("alice").get("/api/v1/bounties/me/applications").then().body("find { it.id == " + app + " }", nullValue());
    }
}
