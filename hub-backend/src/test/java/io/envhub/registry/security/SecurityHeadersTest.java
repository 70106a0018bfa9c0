package io.envhub.registry.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

/**
 * Every answer of the API carries the security headers: successful answers, the package index, problem documents
 * (404, 401 for a missing and for a refused token) and unknown paths. HSTS only over TLS (here: behind a proxy that
 * terminated TLS and says so).
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class SecurityHeadersTest {

    static ValidatableResponse assertSecurityHeaders(ValidatableResponse res) {
        return res.header("Content-Security-Policy", containsString("default-src 'none'"))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                .header("X-Content-Type-Options", equalTo("nosniff"))
                .header("Referrer-Policy", equalTo("no-referrer"))
                .header("X-Frame-Options", equalTo("DENY"));
    }

    @Test
    void successfulAnswersCarryThem() {
        assertSecurityHeaders(given().get("/api/v1/environments").then().statusCode(200))
                .header("Strict-Transport-Security", nullValue());
        assertSecurityHeaders(given().get("/api/v1/explore").then().statusCode(200));
        assertSecurityHeaders(given().get("/q/health/ready").then().statusCode(200));
    }

    @Test
    void errorsCarryThem() {
        assertSecurityHeaders(given().get("/api/v1/environments/nobody/nothing").then().statusCode(404)
                .contentType(startsWith("application/problem+json")));
        assertSecurityHeaders(given().get("/api/v1/tokens").then().statusCode(401));
        assertSecurityHeaders(given().auth().oauth2("not.a.token").get("/api/v1/me").then().statusCode(401)
                .contentType(startsWith("application/problem+json")));
        assertSecurityHeaders(given().get("/no/such/path").then().statusCode(404));
        assertSecurityHeaders(given().get("/simple/nobody-here/").then().statusCode(404));
    }

    @Test
    void hstsOnlyOverTls() {
        assertSecurityHeaders(given().header("X-Forwarded-Proto", "https").get("/api/v1/environments").then().statusCode(200))
                .header("Strict-Transport-Security", startsWith("max-age=31536000"));
        given().header("X-Forwarded-Proto", "https").get("/api/v1/environments/nobody/nothing").then().statusCode(404)
                .header("Strict-Transport-Security", startsWith("max-age="));
        given().header("X-Forwarded-Proto", "http").get("/api/v1/environments").then()
                .header("Strict-Transport-Security", nullValue());
    }
}
