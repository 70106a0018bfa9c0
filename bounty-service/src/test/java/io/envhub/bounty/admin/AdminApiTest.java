package io.envhub.bounty.admin;

import static io.envhub.bounty.Api.as;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.bounty.Api;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** bounty-service's admin API: 404 for non-admins on every admin route, the queue's bounty items, the append-only audit trail. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class AdminApiTest {
    @Inject
    EntityManager em;

    /** Every (method, path) below /api/v1/admin of this module's resources, found by reflection. */
    static List<String[]> adminRoutes() throws Exception {
        java.nio.file.Path classes = Paths.get("target", "classes").toAbsolutePath();
        List<String> names;
        try (Stream<java.nio.file.Path> files = Files.walk(classes)) {
            names = files.map(p -> classes.relativize(p).toString()).filter(n -> n.endsWith(".class") && !n.contains("$"))
                    .map(n -> n.substring(0, n.length() - 6).replace('/', '.')).toList();
        }
        List<String[]> routes = new ArrayList<>();
        for (String name : names) {
            Class<?> type = Class.forName(name, false, AdminApiTest.class.getClassLoader());
            Path base = type.getAnnotation(Path.class);
            if (base == null) {
                continue;
            }
            for (Method m : type.getMethods()) {
                String http = null;
                for (Annotation a : m.getAnnotations()) {
                    HttpMethod h = a.annotationType().getAnnotation(HttpMethod.class);
                    if (h != null) {
                        http = h.value();
                    }
                }
                Path sub = m.getAnnotation(Path.class);
                String path = ("/" + base.value() + "/" + (sub == null ? "" : sub.value())).replaceAll("/+", "/");
                if (http != null && path.startsWith("/api/v1/admin")) {
                    routes.add(new String[] {http, path.replaceAll("\\{[^}]+}", "1")});
                }
            }
        }
        return routes;
    }

    @Test
    void everyAdminRouteIsA404ForNonAdmins() throws Exception {
        List<String[]> routes = adminRoutes();
        assertTrue(routes.stream().anyMatch(r -> r[1].equals("/api/v1/admin/queue")), "reflection found the routes");
        assertTrue(routes.stream().anyMatch(r -> r[1].equals("/api/v1/admin/audit")));
        routes.add(new String[] {"GET", "/api/v1/admin/nothing-here"});
        routes.add(new String[] {"DELETE", "/api/v1/admin/queue"});
        for (String[] r : routes) {
            for (String user : new String[] {null, "alice", "sam"}) {
                Response res = (user == null ? given() : as(user)).request(r[0], r[1]);
                assertEquals(404, res.statusCode(), user + " " + r[0] + " " + r[1] + ": " + res.asString());
                assertTrue(res.contentType().startsWith("application/problem+json"), res.contentType());
            }
        }
        as("ada").get("/api/v1/admin/queue").then().statusCode(200);
        as("ada").get("/api/v1/admin/audit").then().statusCode(200);
    }

    @Test
    void theQueueListsStaleApplicationsAndTheAuditTrailIsReadableAndAppendOnly() {
        long bounty = Api.open("sam", "application_only", 1);
        long app = as("alice").body("{\"proposal\":\"I will build it.\"}").post("/api/v1/bounties/{id}/applications", bounty)
                .then().statusCode(201).extract().jsonPath().getLong("id");
        List<Map<String, Object>> fresh = as("ada").get("/api/v1/admin/queue?kind=application").then().statusCode(200)
                .extract().jsonPath().getList("$");
        assertTrue(fresh.stream().noneMatch(i -> ("application:" + app).equals(i.get("id"))), "not yet waiting long");
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "UPDATE bounty.applications SET created_at = now() - interval '5 days' WHERE id = ?1").setParameter(1, app)
                .executeUpdate());
        List<Map<String, Object>> queue = as("ada").get("/api/v1/admin/queue").then().statusCode(200).extract().jsonPath().getList("$");
        Map<String, Object> item = queue.stream().filter(i -> ("application:" + app).equals(i.get("id"))).findFirst()
                .orElseThrow(() -> new AssertionError(queue.toString()));
        assertEquals("application", item.get("kind"));
        assertEquals("open", item.get("state"));
        assertEquals("bounty:" + bounty, item.get("target"));
        assertEquals(5, ((Number) ((Map<?, ?>) item.get("detail")).get("pendingDays")).intValue());
        assertEquals(0, as("ada").get("/api/v1/admin/queue?state=closed").then().extract().jsonPath().getList("$").size());

        List<Map<String, Object>> rows = as("ada").get("/api/v1/admin/audit?target=bounty:" + bounty).then().statusCode(200)
                .extract().jsonPath().getList("$");
        assertTrue(rows.stream().anyMatch(r -> "sam".equals(r.get("actor")) && "bounty".equals(r.get("service"))
                && r.get("requestId") != null), rows.toString());
        List<Map<String, Object>> applied = as("ada").get("/api/v1/admin/audit?actor=ALICE&target=application:" + app).then()
                .statusCode(200).extract().jsonPath().getList("$");
        assertEquals(1, applied.size(), applied.toString());
        assertEquals("pending", ((Map<?, ?>) applied.get(0).get("after")).get("status"));

        assertThrows(Exception.class, () -> QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "UPDATE bounty.audit_log SET actor = 'someone-else' WHERE entity = 'application' AND entity_id = ?1")
                .setParameter(1, app).executeUpdate()));
        assertThrows(Exception.class, () -> QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "DELETE FROM bounty.audit_log WHERE entity = 'application' AND entity_id = ?1").setParameter(1, app).executeUpdate()));
        long left = QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(
                "SELECT count(*) FROM bounty.audit_log WHERE entity = 'application' AND entity_id = ?1 AND actor = 'alice'")
                .setParameter(1, app).getSingleResult()).longValue());
        assertEquals(1, left, "the row is still there, unchanged");
    }
}
