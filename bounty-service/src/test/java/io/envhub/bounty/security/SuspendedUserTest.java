package io.envhub.bounty.security;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.bounty.Hub;
import io.envhub.bounty.HubBackendTestResource;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A user suspended through hub-backend's admin API (real hub-backend, real Keycloak): the token they already hold,
 * still valid for Keycloak, is refused by bounty-service within the suspension cache window, and works again after
 * unsuspension. Anonymous reads of public bounties are unaffected.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class SuspendedUserTest {
    /** Far longer than the 5 s cache: only a refusal that never comes fails the test. */
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Test
    void aSuspendedUsersExistingTokenIsRefusedWithinTheCacheWindowAndWorksAgainAfterUnsuspension() throws Exception {
        String user = "susp" + Hub.unique();
        Tokens.ensureUser(user);
        String token = Tokens.forUser(user, user);
        // the hub knows a user once they have signed in to it
        given().baseUri(Hub.url()).auth().oauth2(token).get("/api/v1/me").then().statusCode(200);
        given().auth().oauth2(token).get("/api/v1/bounties/me").then().statusCode(200);

        admin(user, "suspend", "spam wave");
        Response refused = await(token, 401);
        assertTrue(refused.contentType().startsWith("application/problem+json"), refused.contentType());
        assertEquals("https://envhub.dev/problems/unauthorized", refused.jsonPath().getString("type"));
        assertEquals(401, refused.jsonPath().getInt("status"));
        assertTrue(refused.jsonPath().getString("detail").contains("suspended"), refused.asString());
        // every method: a state change is refused too, before any resource runs
        given().auth().oauth2(token).contentType("application/json").body("{}").post("/api/v1/bounties").then().statusCode(401);
        given().get("/api/v1/bounties").then().statusCode(200);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get("/api/v1/bounties/me").then().statusCode(200);

        admin(user, "unsuspend", "appeal accepted");
        await(token, 200);
    }

    private static void admin(String user, String action, String reason) {
        given().baseUri(Hub.url()).auth().oauth2(Tokens.forUser("ada", "ada")).contentType("application/json")
                .body(Map.of("reason", reason)).post("/api/v1/admin/users/{u}/" + action, user).then().statusCode(200);
    }

    /** Asks bounty-service with the token until it answers {@code status} (polling, no fixed sleep), up to the deadline. */
    private static Response await(String token, int status) throws InterruptedException {
        Instant deadline = Instant.now().plus(DEADLINE);
        Response last;
        do {
            last = given().auth().oauth2(token).get("/api/v1/bounties/me");
            if (last.statusCode() == status) {
                System.out.printf("SuspendedUserTest: bounty-service answered %d after %d ms%n", status,
                        Duration.between(deadline.minus(DEADLINE), Instant.now()).toMillis());
                return last;
            }
            Thread.sleep(200);
        } while (Instant.now().isBefore(deadline));
        throw new AssertionError("still " + last.statusCode() + " after " + DEADLINE + ", expected " + status + ": " + last.asString());
    }
}
