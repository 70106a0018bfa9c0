package io.envhub.registry.admin;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every route below {@code /api/v1/admin}, found by reflection over the JAX-RS resources of this module (so a new admin
 * route cannot be forgotten), answers 404 problem+json to anonymous callers and to signed-in non-admins, for its own
 * method and for others; an admin reaches them.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class AdminRoutesTest {
    record Route(String method, String path) {
    }

    /** Every (HTTP method, path) of the resources whose path starts with /api/v1/admin; path parameters filled in. */
    static List<Route> adminRoutes() throws IOException, ClassNotFoundException {
        // the module's compiled classes (surefire runs in the module directory)
        java.nio.file.Path classes = Paths.get("target", "classes").toAbsolutePath();
        assertTrue(Files.isDirectory(classes.resolve("io/envhub/registry")), classes.toString());
        List<Route> routes = new ArrayList<>();
        List<String> names;
        try (Stream<java.nio.file.Path> files = Files.walk(classes)) {
            names = files.map(p -> classes.relativize(p).toString()).filter(n -> n.endsWith(".class") && !n.contains("$"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.')).toList();
        }
        for (String name : names) {
            Class<?> type = Class.forName(name, false, AdminRoutesTest.class.getClassLoader());
            Path base = type.getAnnotation(Path.class);
            if (base == null) {
                continue;
            }
            for (Method m : type.getMethods()) {
                String http = httpMethod(m);
                if (http == null) {
                    continue;
                }
                Path sub = m.getAnnotation(Path.class);
                String path = join(base.value(), sub == null ? "" : sub.value());
                if (path.startsWith("/api/v1/admin")) {
                    routes.add(new Route(http, path.replaceAll("\\{[^}:]+(:[^}]*)?}", "1")));
                }
            }
        }
        return routes;
    }

    private static String httpMethod(Method m) {
        for (Annotation a : m.getAnnotations()) {
            HttpMethod h = a.annotationType().getAnnotation(HttpMethod.class);
            if (h != null) {
                return h.value();
            }
        }
        return null;
    }

    private static String join(String a, String b) {
        String p = ("/" + a + "/" + b).replaceAll("/+", "/");
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    @Test
    void reflectionFindsTheAdminRoutes() throws Exception {
        List<Route> routes = adminRoutes();
        for (String expected : List.of("GET /api/v1/admin/queue", "GET /api/v1/admin/audit", "POST /api/v1/admin/reports/1/dismiss",
                "POST /api/v1/admin/environments/1/1/versions/1/quarantine",
                "DELETE /api/v1/admin/environments/1/1/versions/1/quarantine", "POST /api/v1/admin/environments/1/1/unlist",
                "POST /api/v1/admin/environments/1/1/relist", "POST /api/v1/admin/environments/1/1/versions/1/revalidate",
                "POST /api/v1/admin/users/1/suspend", "POST /api/v1/admin/users/1/unsuspend",
                "PUT /api/v1/admin/users/1/roles/1")) {
            assertTrue(routes.stream().anyMatch(r -> (r.method() + " " + r.path()).equals(expected)), expected + " in " + routes);
        }
    }

    @Test
    void everyAdminRouteIsA404ForAnonymousAndNonAdminCallers() throws Exception {
        Tokens.ensureUser("plain-user");
        String alice = Tokens.forUser("alice", "alice");
        String plain = Tokens.forUser("plain-user", "plain-user");
        List<Route> routes = new ArrayList<>(adminRoutes());
        routes.add(new Route("GET", "/api/v1/admin/does-not-exist"));
        routes.add(new Route("GET", "/api/v1/admin"));
        routes.add(new Route("PATCH", "/api/v1/admin/queue"));
        routes.add(new Route("GET", "/api/v1/./admin/queue"));
        routes.add(new Route("GET", "/API/v1/admin/queue"));
        for (Route r : routes) {
            for (String token : new String[] {null, alice, plain}) {
                var req = given().contentType("application/json").body(Map.of("reason", "x", "note", "x"));
                if (token != null) {
                    req = req.auth().oauth2(token);
                }
                Response res = req.request(r.method(), r.path());
                String who = token == null ? "anonymous" : token == alice ? "alice" : "plain-user";
                assertEquals(404, res.statusCode(), who + " " + r + ": " + res.asString());
                assertTrue(res.contentType().startsWith("application/problem+json"), who + " " + r + ": " + res.contentType());
                assertEquals("There is nothing at this address.", res.jsonPath().getString("detail"), who + " " + r);
            }
        }
    }

    @Test
    void anAdminReachesTheAdminApi() {
        String ada = Tokens.forUser("ada", "ada");
        given().auth().oauth2(ada).get("/api/v1/admin/queue").then().statusCode(200);
        given().auth().oauth2(ada).get("/api/v1/admin/audit").then().statusCode(200);
        given().auth().oauth2(ada).get("/api/v1/admin/queue?kind=nonsense").then().statusCode(400);
    }
}
