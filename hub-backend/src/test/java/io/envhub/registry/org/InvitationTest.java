package io.envhub.registry.org;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Membership only by consent: owners invite, the invited user accepts or declines, owners may revoke. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class InvitationTest {
    String alice;
    String sam;
    String org;

    @BeforeEach
    void setUp() {
        alice = Tokens.forUser("alice", "alice");
        sam = Tokens.forUser("sam", "sam");
        given().auth().oauth2(alice).get("/api/v1/me").then().statusCode(200);
        given().auth().oauth2(sam).get("/api/v1/me").then().statusCode(200);
        org = "inv-" + UUID.randomUUID().toString().substring(0, 8);
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("name", org)).post("/api/v1/orgs")
                .then().statusCode(201);
    }

    private Response invite(String token, String user, String role) {
        return given().auth().oauth2(token).contentType(ContentType.JSON).body(Map.of("user", user, "role", role))
                .post("/api/v1/orgs/" + org + "/invitations");
    }

    private List<String> members() {
        return given().get("/api/v1/orgs/" + org + "/members").then().statusCode(200).extract().jsonPath().getList("username");
    }

    @Test
    void anInvitationAddsNobodyUntilAccepted() {
        long id = invite(alice, "sam", "maintainer").then().statusCode(201)
                .body("org", equalTo(org)).body("user", equalTo("sam")).body("role", equalTo("maintainer"))
                .body("invitedBy", equalTo("alice"))
                .extract().jsonPath().getLong("id");
        assertEquals(List.of("alice"), members());
        given().auth().oauth2(sam).get("/api/v1/me/invitations").then().statusCode(200)
                .body("id", hasItem((int) id)).body("org", hasItem(org));
        given().auth().oauth2(alice).get("/api/v1/orgs/" + org + "/invitations").then().statusCode(200)
                .body("user", equalTo(List.of("sam")));
        // only the invited user can accept
        given().auth().oauth2(alice).post("/api/v1/me/invitations/" + id + "/accept").then().statusCode(404);
        given().auth().oauth2(sam).post("/api/v1/me/invitations/" + id + "/accept").then().statusCode(200)
                .body("name", equalTo(org)).body("role", equalTo("maintainer"));
        assertEquals(List.of("alice", "sam"), members());
        given().auth().oauth2(sam).get("/api/v1/me/invitations").then().statusCode(200).body("org", not(hasItem(org)));
        // accepted once: gone
        given().auth().oauth2(sam).post("/api/v1/me/invitations/" + id + "/accept").then().statusCode(404)
                .contentType("application/problem+json");
        // inviting a member again is a conflict
        invite(alice, "sam", "member").then().statusCode(409).body("type", equalTo("https://envhub.dev/problems/already-member"));
    }

    @Test
    void declinedAndRevokedInvitationsAddNobody() {
        long first = invite(alice, "sam", "member").then().statusCode(201).extract().jsonPath().getLong("id");
        given().auth().oauth2(sam).post("/api/v1/me/invitations/" + first + "/decline").then().statusCode(204);
        given().auth().oauth2(sam).post("/api/v1/me/invitations/" + first + "/accept").then().statusCode(404);
        long second = invite(alice, "sam", "owner").then().statusCode(201).extract().jsonPath().getLong("id");
        given().auth().oauth2(alice).delete("/api/v1/orgs/" + org + "/invitations/" + second).then().statusCode(204);
        given().auth().oauth2(alice).delete("/api/v1/orgs/" + org + "/invitations/" + second).then().statusCode(404);
        given().auth().oauth2(sam).post("/api/v1/me/invitations/" + second + "/accept").then().statusCode(404);
        given().auth().oauth2(alice).get("/api/v1/orgs/" + org + "/invitations").then().statusCode(200).body("$", empty());
        assertEquals(List.of("alice"), members());
    }

    @Test
    void onlyOwnersInviteAndUnknownUsersOrRolesAreRefused() {
        invite(sam, "sam", "owner").then().statusCode(403);
        given().contentType(ContentType.JSON).body(Map.of("user", "sam", "role", "member"))
                .post("/api/v1/orgs/" + org + "/invitations").then().statusCode(401);
        given().auth().oauth2(sam).get("/api/v1/orgs/" + org + "/invitations").then().statusCode(403);
        invite(alice, "nobody-" + UUID.randomUUID().toString().substring(0, 8), "member").then().statusCode(404);
        invite(alice, "sam", "emperor").then().statusCode(400).body("type", equalTo("https://envhub.dev/problems/invalid-role"));
        given().get("/api/v1/me/invitations").then().statusCode(401);
    }
}
