package io.envhub.registry.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.SmallLimitsProfile;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Pushes, token creations and organisation creations are limited per user and per address: 429 with Retry-After. */
@QuarkusTest
@TestProfile(SmallLimitsProfile.class)
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class RateLimitTest {
    private static void limited(ValidatableResponse response) {
        response.statusCode(429).contentType("application/problem+json")
                .body("type", equalTo("https://envhub.dev/problems/rate-limited"))
                .header("Retry-After", matchesPattern("[1-9][0-9]*"));
    }

    private static ValidatableResponse createOrg(String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON)
                .body(Map.of("name", "rl-" + UUID.randomUUID().toString().substring(0, 8))).post("/api/v1/orgs").then();
    }

    private static ValidatableResponse createToken(String token) {
        return given().auth().oauth2(token).contentType(ContentType.JSON)
                .body(Map.of("name", "rl", "scopes", List.of("read"))).post("/api/v1/tokens").then();
    }

    private static ValidatableResponse push(String token, String owner, String version) {
        TestWheels.Built wheel = TestWheels.environment("rate-env", version);
        return given().auth().oauth2(token).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/" + owner + "/rate-env/versions").then();
    }

    @Inject
    AgroalDataSource db;

    /** The windows are shared in PostgreSQL: earlier test classes (with the suite's huge limits) left counts there. */
    @BeforeEach
    void freshWindows() throws SQLException {
        try (var c = db.getConnection(); var s = c.createStatement()) {
            s.executeUpdate("DELETE FROM hub.rate_limit_windows");
        }
    }

    @Test
    void eachActionIsLimitedPerUserThenPerAddress() {
        String alice = Tokens.forUser("alice", "alice");
        String sam = Tokens.forUser("sam", "sam");
        // organisations: alice 2 then refused; sam's first is the address's third, his second the address's fourth
        createOrg(alice).statusCode(201);
        createOrg(alice).statusCode(201);
        limited(createOrg(alice));
        createOrg(sam).statusCode(201);
        limited(createOrg(sam));
        // tokens
        createToken(alice).statusCode(201);
        createToken(alice).statusCode(201);
        limited(createToken(alice));
        // pushes
        push(alice, "alice", "1.0").statusCode(201);
        push(alice, "alice", "1.1").statusCode(201);
        limited(push(alice, "alice", "1.2"));
        // nothing half-done: the refused push left no version
        given().get("/api/v1/environments/alice/rate-env/versions/1.2").then().statusCode(404);
    }

    @Test
    void theWindowsAreSharedByEveryInstance() throws SQLException {
        String alice = Tokens.forUser("alice", "alice");
        createOrg(alice).statusCode(201);
        // another instance behind the same load balancer counted alice's next organisation in the same window
        try (var c = db.getConnection(); var s = c.createStatement()) {
            assertEquals(1, s.executeUpdate("UPDATE hub.rate_limit_windows SET count = count + 1 WHERE key LIKE 'ORG:u:%'"
                    + " AND window_start > now() - interval '1 minute'"));
        }
        limited(createOrg(alice));
        // a window that ended long ago starts again at one
        try (var c = db.getConnection(); var s = c.createStatement()) {
            s.executeUpdate("UPDATE hub.rate_limit_windows SET window_start = now() - interval '2 hours'");
        }
        createOrg(alice).statusCode(201);
    }
}
