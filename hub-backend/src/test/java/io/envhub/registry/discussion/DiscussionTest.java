package io.envhub.registry.discussion;

import static io.envhub.registry.Eventually.await;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Discussions on an environment: readable signed out, Markdown kept as written (the pages sanitize it), edits keep the
 * earlier text, the owner closes and pins (others may not), a closed thread takes no comment, a comment is reported
 * into the admins' queue and hidden by an admin, participants are notified; a private environment's threads are 404.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class DiscussionTest {
    @Test
    void aThreadIsOpenedEditedClosedPinnedReportedAndHidden() throws Exception {
        String alice = Tokens.forUser("alice", "alice");
        String sam = Tokens.forUser("sam", "sam");
        String ada = Tokens.forUser("ada", "ada");
        String name = "talk-" + RegistryFixtures.run();
        TestWheels.Built wheel = TestWheels.environment(name, "1.0.0");
        given().auth().oauth2(alice).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/" + name + "/versions").then().statusCode(201);
        String base = "/api/v1/environments/alice/" + name + "/discussions";

        String xss = "Reward is **gameable**: <script>alert(1)</script> [x](javascript:alert(2))";
        JsonPath opened = given().auth().oauth2(sam).contentType(ContentType.JSON)
                .body(Map.of("title", "The echo probe scores 0.9", "body", xss)).post(base).then().statusCode(201)
                .extract().jsonPath();
        long id = opened.getLong("discussion.id");
        long first = opened.getLong("comments[0].id");
        assertEquals(xss, opened.getString("comments[0].body"), "kept as written: the pages sanitize what they render");
        given().contentType(ContentType.JSON).body(Map.of("title", "t", "body", "b")).post(base).then().statusCode(401);
        given().get(base).then().statusCode(200).body("title", equalTo(List.of("The echo probe scores 0.9")));
        given().get("/api/v1/discussions/" + id).then().statusCode(200).body("discussion.canComment", equalTo(false));

        long reply = given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("body", "Fixed in 1.0.1."))
                .post("/api/v1/discussions/" + id + "/comments").then().statusCode(201).extract().jsonPath().getLong("id");
        await(() -> given().auth().oauth2(sam).get("/api/v1/me/notifications?limit=100").then().extract().jsonPath()
                .getList("items.link").contains("/alice/" + name + "/discussions/" + id + "#comment-" + reply), "sam is told");

        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("body", "not mine"))
                .patch("/api/v1/discussions/" + id + "/comments/" + first).then().statusCode(403);
        given().auth().oauth2(sam).contentType(ContentType.JSON).body(Map.of("body", "Reward is gameable (edited)."))
                .patch("/api/v1/discussions/" + id + "/comments/" + first).then().statusCode(200)
                .body("edits", equalTo(1)).body("body", equalTo("Reward is gameable (edited)."));
        given().get("/api/v1/discussions/" + id + "/comments/" + first + "/history").then().statusCode(200)
                .body("body", equalTo(List.of(xss)));

        given().auth().oauth2(sam).post("/api/v1/discussions/" + id + "/pin").then().statusCode(403);
        given().auth().oauth2(alice).post("/api/v1/discussions/" + id + "/pin").then().statusCode(200).body("pinned", equalTo(true));
        given().auth().oauth2(alice).post("/api/v1/discussions/" + id + "/close").then().statusCode(200)
                .body("state", equalTo("closed")).body("closedBy", equalTo("alice"));
        given().auth().oauth2(sam).contentType(ContentType.JSON).body(Map.of("body", "again"))
                .post("/api/v1/discussions/" + id + "/comments").then().statusCode(409).body("type", endsWith("/discussion-closed"));
        given().get(base + "?state=closed").then().statusCode(200).body("id", equalTo(List.of((int) id)));
        given().auth().oauth2(alice).post("/api/v1/discussions/" + id + "/reopen").then().statusCode(200);

        // a comment is reported into the moderation queue and hidden by an admin
        given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("target", "comment:" + first, "reason", "spam", "text", "off topic")).post("/api/v1/reports").then()
                .statusCode(201).body("targetKind", equalTo("comment"));
        given().auth().oauth2(sam).contentType(ContentType.JSON).body(Map.of("reason", "x"))
                .post("/api/v1/discussions/" + id + "/comments/" + first + "/hide").then().statusCode(403);
        given().auth().oauth2(ada).contentType(ContentType.JSON).body(Map.of("reason", "spam"))
                .post("/api/v1/discussions/" + id + "/comments/" + first + "/hide").then().statusCode(200)
                .body("hidden", equalTo(true)).body("body", nullValue());
        List<String> states = given().auth().oauth2(alice).get("/api/v1/me/reports").then().statusCode(200).extract().jsonPath()
                .getList("findAll { it.target == 'comment:" + first + "' }.state");
        assertEquals(List.of("actioned"), states);
        assertTrue(given().auth().oauth2(ada).get("/api/v1/admin/audit?target=comment:" + first).then().statusCode(200)
                .extract().jsonPath().getList("action").contains("comment.hide"));

        // a private environment's threads do not exist for others
        String secret = "hushed-" + RegistryFixtures.run();
        TestWheels.Built hidden = TestWheels.environment(secret, "1.0.0");
        given().auth().oauth2(alice).multiPart("file", hidden.filename(), hidden.bytes(), "application/octet-stream")
                .multiPart("visibility", "private").post("/api/v1/environments/alice/" + secret + "/versions").then().statusCode(201);
        long privateThread = given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("title", "todo", "body", "x"))
                .post("/api/v1/environments/alice/" + secret + "/discussions").then().statusCode(201).extract().jsonPath()
                .getLong("discussion.id");
        given().get("/api/v1/environments/alice/" + secret + "/discussions").then().statusCode(404);
        given().auth().oauth2(sam).get("/api/v1/discussions/" + privateThread).then().statusCode(404);
    }
}
