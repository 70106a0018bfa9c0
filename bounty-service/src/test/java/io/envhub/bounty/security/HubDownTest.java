package io.envhub.bounty.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * hub-backend cannot say whether the caller is suspended (nothing listens at its URL): bounty-service fails closed for
 * signed-in callers (503 problem+json, reads and writes alike), while anonymous reads of public bounties keep working.
 */
@QuarkusTest
@TestProfile(HubDownTest.NoHub.class)
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class HubDownTest {
    /** hub-backend's URL points at a port nothing listens on. */
    public static class NoHub implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            int port;
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return Map.of("envhub.bounty.hub-url", "http://127.0.0.1:" + port);
        }
    }

    @Test
    void signedInCallersGetA503ProblemAnonymousReadsStillWork() {
        String alice = Tokens.forUser("alice", "alice");
        given().auth().oauth2(alice).get("/api/v1/bounties/me").then().statusCode(503)
                .contentType(startsWith("application/problem+json"))
                .body("type", equalTo("https://envhub.dev/problems/hub-unavailable")).body("status", equalTo(503))
                .header("Retry-After", notNullValue());
        given().auth().oauth2(alice).contentType("application/json").body("{}").post("/api/v1/bounties").then().statusCode(503)
                .contentType(startsWith("application/problem+json"));
        given().get("/api/v1/bounties").then().statusCode(200);
    }
}
