package io.envhub.registry.collection;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;

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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Collections: ordered items with notes, public ones readable signed out, private ones 404 to others, only the owner
 * changes them, an environment the reader may not see is left out, and an item is in a collection once.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class CollectionTest {
    @Test
    void aUsersCollectionsAreOrderedNotedAndPrivateOnesHidden() {
        String alice = Tokens.forUser("alice", "alice");
        String sam = Tokens.forUser("sam", "sam");
        String run = RegistryFixtures.run();
        push(alice, "col-a-" + run, null);
        push(alice, "col-b-" + run, null);
        push(alice, "col-c-" + run, "private");

        long id = given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("title", "Math tasks " + run, "description", "what I train on", "visibility", "public"))
                .post("/api/v1/collections").then().statusCode(201).extract().jsonPath().getLong("id");
        add(alice, id, "alice/col-b-" + run, "hard one").then().statusCode(201);
        add(alice, id, "alice/col-a-" + run, "warm-up").then().statusCode(201);
        add(alice, id, "alice/col-c-" + run, "mine only").then().statusCode(201);
        add(alice, id, "alice/col-a-" + run, "again").then().statusCode(409).body("type", endsWith("/already-in-collection"));
        add(sam, id, "alice/col-a-" + run, "not yours").then().statusCode(403);

        given().get("/api/v1/collections/" + id).then().statusCode(200)
                .body("items.environment", equalTo(List.of("alice/col-b-" + run, "alice/col-a-" + run)))
                .body("items.note", equalTo(List.of("hard one", "warm-up")));
        given().auth().oauth2(alice).get("/api/v1/collections/" + id).then().statusCode(200).body("items.size()", equalTo(3));
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("position", 0))
                .patch("/api/v1/collections/" + id + "/items/alice/col-a-" + run).then().statusCode(200)
                .body("items[0].environment", equalTo("alice/col-a-" + run));

        long hidden = given().auth().oauth2(alice).contentType(ContentType.JSON)
                .body(Map.of("title", "Drafts " + run, "visibility", "private")).post("/api/v1/collections").then()
                .statusCode(201).extract().jsonPath().getLong("id");
        given().auth().oauth2(sam).get("/api/v1/collections/" + hidden).then().statusCode(404);
        given().get("/api/v1/collections/" + hidden).then().statusCode(404);
        List<String> shown = given().get("/api/v1/users/alice/collections").then().statusCode(200).extract().jsonPath()
                .getList("title");
        org.junit.jupiter.api.Assertions.assertTrue(shown.contains("Math tasks " + run) && !shown.contains("Drafts " + run),
                shown.toString());
        List<String> own = given().auth().oauth2(alice).get("/api/v1/users/alice/collections").then().statusCode(200).extract()
                .jsonPath().getList("title");
        org.junit.jupiter.api.Assertions.assertTrue(own.contains("Drafts " + run), own.toString());
        given().auth().oauth2(alice).delete("/api/v1/collections/" + hidden).then().statusCode(204);
    }

    private static io.restassured.response.Response add(String token, long id, String environment, String note) {
        return given().auth().oauth2(token).contentType(ContentType.JSON).body(Map.of("environment", environment, "note", note))
                .post("/api/v1/collections/" + id + "/items");
    }

    private static void push(String token, String name, String visibility) {
        TestWheels.Built wheel = TestWheels.environment(name, "1.0.0");
        var req = given().auth().oauth2(token).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream");
        if (visibility != null) {
            req = req.multiPart("visibility", visibility);
        }
        req.post("/api/v1/environments/alice/" + name + "/versions").then().statusCode(201);
    }
}
