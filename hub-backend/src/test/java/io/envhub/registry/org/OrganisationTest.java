package io.envhub.registry.org;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
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
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Organisations: creation rules, the owner page, membership management and its permissions, and /api/v1/me. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class OrganisationTest {
    @Inject
    EntityManager em;

    String alice;
    String sam;
    String ada;

    @BeforeEach
    void signIn() {
        alice = Tokens.forUser("alice", "alice");
        sam = Tokens.forUser("sam", "sam");
        ada = Tokens.forUser("ada", "ada");
        // mirror the three users into hub.owners
        for (String token : List.of(alice, sam, ada)) {
            given().auth().oauth2(token).get("/api/v1/me").then().statusCode(200);
        }
    }

    static String freshName() {
        return "org-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static Response create(String token, String name) {
        return given().auth().oauth2(token).contentType(ContentType.JSON)
                .body(Map.of("name", name, "displayName", "The " + name)).post("/api/v1/orgs");
    }

    static Response setRole(String token, String org, String user, String role) {
        return given().auth().oauth2(token).contentType(ContentType.JSON).body(Map.of("role", role))
                .put("/api/v1/orgs/" + org + "/members/" + user);
    }

    @Test
    void createdOrganisationHasItsCreatorAsOwner() {
        String name = freshName();
        create(alice, name).then().statusCode(201)
                .body("kind", equalTo("org"))
                .body("name", equalTo(name))
                .body("displayName", equalTo("The " + name));
        given().get("/api/v1/owners/" + name).then().statusCode(200)
                .body("kind", equalTo("org"))
                .body("displayName", equalTo("The " + name))
                .body("createdAt", not(nullValue()))
                .body("members", equalTo(List.of(Map.of("username", "alice", "role", "owner"))));
        given().get("/api/v1/orgs/" + name + "/members").then().statusCode(200)
                .body("username", equalTo(List.of("alice")));
        Number rows = (Number) em.createNativeQuery(
                "SELECT count(*) FROM hub.owners o JOIN hub.org_members m ON m.org_id = o.id WHERE o.name = ?1 AND o.kind = 'org'")
                .setParameter(1, name).getSingleResult();
        assertEquals(1, rows.intValue());
    }

    @Test
    void ownerPageOfAUserHasNoMembersAndUnknownOwnersAreNotFound() {
        given().get("/api/v1/owners/alice").then().statusCode(200)
                .body("kind", equalTo("user"))
                .body("name", equalTo("alice"))
                .body("$", not(org.hamcrest.Matchers.hasKey("members")));
        given().get("/api/v1/owners/nobody-" + UUID.randomUUID()).then().statusCode(404)
                .contentType("application/problem+json");
        given().get("/api/v1/orgs/nobody-x/members").then().statusCode(404);
    }

    @Test
    void namesOfExistingOwnersAreTaken() {
        create(alice, "alice").then().statusCode(409)
                .body("type", equalTo("https://envhub.dev/problems/name-taken"));
        String name = freshName();
        create(alice, name).then().statusCode(201);
        create(sam, name).then().statusCode(409)
                .body("type", equalTo("https://envhub.dev/problems/name-taken"));
    }

    @Test
    void invalidAndReservedNamesAreRefused() {
        for (String bad : List.of("a", "-abc", "abc-", "ab--cd", "Abc", "ab_cd", "ab.cd", "x".repeat(40), "")) {
            create(alice, bad).then().statusCode(400)
                    .body("type", equalTo("https://envhub.dev/problems/invalid-org-name"));
        }
        for (String reserved : List.of("api", "simple", "tokens", "orgs", "q")) {
            create(alice, reserved).then().statusCode(400)
                    .body("type", equalTo("https://envhub.dev/problems/reserved-name"));
        }
        create(alice, "x".repeat(39)).then().statusCode(201);
        given().contentType(ContentType.JSON).body(Map.of("name", freshName())).post("/api/v1/orgs").then().statusCode(401);
    }

    @Test
    void onlyOwnersAndAdminsManageMembers() {
        String org = freshName();
        create(alice, org).then().statusCode(201);
        // sam is not a member: 403
        setRole(sam, org, "sam", "member").then().statusCode(403);
        // alice (owner) cannot add sam directly: members join by accepting an invitation
        setRole(alice, org, "sam", "member").then().statusCode(404);
        Invitations.join(alice, org, "sam", "member", sam);
        setRole(alice, org, "sam", "member").then().statusCode(200)
                .body("username", equalTo("sam")).body("role", equalTo("member"));
        // a plain member may not manage either
        setRole(sam, org, "sam", "owner").then().statusCode(403);
        given().auth().oauth2(sam).delete("/api/v1/orgs/" + org + "/members/alice").then().statusCode(403);
        // ada (admin, not a member) may
        setRole(ada, org, "sam", "maintainer").then().statusCode(200).body("role", equalTo("maintainer"));
        Invitations.join(ada, org, "ada", "member", ada);
        given().get("/api/v1/owners/" + org).then().statusCode(200)
                .body("members", equalTo(List.of(
                        Map.of("username", "alice", "role", "owner"),
                        Map.of("username", "sam", "role", "maintainer"),
                        Map.of("username", "ada", "role", "member"))));
        // unknown users and organisations as members are 404, bad roles 400
        setRole(alice, org, "nobody-" + UUID.randomUUID().toString().substring(0, 8), "member").then().statusCode(404);
        setRole(alice, org, org, "member").then().statusCode(404);
        setRole(alice, org, "sam", "emperor").then().statusCode(400)
                .body("type", equalTo("https://envhub.dev/problems/invalid-role"));
        setRole(alice, "nobody-x", "sam", "member").then().statusCode(404);
        // removing
        given().auth().oauth2(alice).delete("/api/v1/orgs/" + org + "/members/ada").then().statusCode(204);
        given().auth().oauth2(alice).delete("/api/v1/orgs/" + org + "/members/ada").then().statusCode(404);
        given().get("/api/v1/orgs/" + org + "/members").then().statusCode(200)
                .body("username", equalTo(List.of("alice", "sam")));
    }

    @Test
    void theLastOwnerCannotLeaveOrBeDemoted() {
        String org = freshName();
        create(alice, org).then().statusCode(201);
        given().auth().oauth2(alice).delete("/api/v1/orgs/" + org + "/members/alice").then().statusCode(409)
                .body("type", equalTo("https://envhub.dev/problems/last-owner"));
        setRole(alice, org, "alice", "member").then().statusCode(409)
                .body("type", equalTo("https://envhub.dev/problems/last-owner"));
        // with a second owner, the first may go
        Invitations.join(alice, org, "sam", "owner", sam);
        given().auth().oauth2(alice).delete("/api/v1/orgs/" + org + "/members/alice").then().statusCode(204);
        // now alice is out and cannot manage; sam is the last owner, even an admin cannot remove him
        setRole(alice, org, "alice", "owner").then().statusCode(403);
        given().auth().oauth2(ada).delete("/api/v1/orgs/" + org + "/members/sam").then().statusCode(409);
        given().get("/api/v1/orgs/" + org + "/members").then().statusCode(200)
                .body("username", equalTo(List.of("sam")));
    }

    @Test
    void meListsTheCallersOrganisations() {
        String org = freshName();
        create(alice, org).then().statusCode(201);
        Invitations.join(alice, org, "sam", "maintainer", sam);
        given().auth().oauth2(sam).get("/api/v1/me").then().statusCode(200)
                .body("organisations", hasItem(Map.of("name", org, "role", "maintainer")))
                .body("authentication", equalTo("keycloak"));
        given().auth().oauth2(alice).get("/api/v1/me").then().statusCode(200)
                .body("organisations", hasItem(Map.of("name", org, "role", "owner")));
        given().auth().oauth2(ada).get("/api/v1/me").then().statusCode(200)
                .body("organisations.name", not(hasItem(org)));
    }
}
