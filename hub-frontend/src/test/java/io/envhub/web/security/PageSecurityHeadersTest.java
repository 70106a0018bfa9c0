package io.envhub.web.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.web.HubBackendTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every page, static file, redirect and error page carries the security headers, with a CSP that allows no inline
 * script or style; and no template holds an inline script, style attribute or event handler that the CSP would block.
 */
@QuarkusTest
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class PageSecurityHeadersTest {
    private static final Pattern INLINE_SCRIPT = Pattern.compile("<script(?![^>]*\\bsrc=)[^>]*>", Pattern.CASE_INSENSITIVE);
    private static final Pattern INLINE_STYLE = Pattern.compile("<style|\\sstyle=|\\son[a-z]+=", Pattern.CASE_INSENSITIVE);

    static ValidatableResponse assertHeaders(ValidatableResponse res) {
        return res.header("Content-Security-Policy", containsString("script-src 'self'"))
                .header("Content-Security-Policy", containsString("style-src 'self'"))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                .header("Content-Security-Policy", containsString("img-src 'self' data:"))
                .header("Content-Security-Policy", not(containsString("unsafe-inline")))
                .header("X-Content-Type-Options", equalTo("nosniff"))
                .header("Referrer-Policy", equalTo("strict-origin-when-cross-origin"))
                .header("X-Frame-Options", equalTo("DENY"));
    }

    @Test
    void pagesStaticFilesRedirectsAndErrorsCarryThem() {
        assertHeaders(given().get("/").then().statusCode(200)).header("Strict-Transport-Security", nullValue());
        assertHeaders(given().get("/search?q=x").then().statusCode(200));
        assertHeaders(given().get("/css/envhub.css").then().statusCode(200));
        assertHeaders(given().get("/js/envhub.js").then().statusCode(200));
        assertHeaders(given().get("/nobody-here/nothing-here").then().statusCode(404));
        assertHeaders(given().get("/no/such/page/at/all/here").then().statusCode(404));
        assertHeaders(given().redirects().follow(false).get("/settings/tokens").then().statusCode(302));
        assertHeaders(given().get("/q/health/ready").then().statusCode(200));
    }

    @Test
    void hstsOnlyOverTls() {
        assertHeaders(given().header("X-Forwarded-Proto", "https").get("/").then().statusCode(200))
                .header("Strict-Transport-Security", startsWith("max-age=31536000"));
        given().header("X-Forwarded-Proto", "https").get("/nobody-here/nothing-here").then().statusCode(404)
                .header("Strict-Transport-Security", startsWith("max-age="));
    }

    @Test
    void renderedPagesHaveNoInlineScriptOrStyle() {
        for (String path : List.of("/", "/search?q=x", "/nobody-here/nothing-here")) {
            String html = given().get(path).then().extract().asString();
            assertFalse(INLINE_SCRIPT.matcher(html).find(), path + " has an inline script");
            assertFalse(INLINE_STYLE.matcher(html).find(), path + " has an inline style or handler");
        }
    }

    @Test
    void noTemplateHoldsInlineScriptOrStyle() throws IOException {
        Path templates = Path.of("src/main/resources/templates");
        assertTrue(Files.isDirectory(templates), templates.toAbsolutePath().toString());
        try (Stream<Path> files = Files.walk(templates)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".html")).toList()) {
                String text = Files.readString(file);
                assertFalse(INLINE_SCRIPT.matcher(text).find(), file + " has an inline <script>");
                assertFalse(INLINE_STYLE.matcher(text).find(), file + " has a <style>, style attribute or event handler");
            }
        }
    }
}
