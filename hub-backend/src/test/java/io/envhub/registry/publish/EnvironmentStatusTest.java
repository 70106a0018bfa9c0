package io.envhub.registry.publish;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.validation.QueueFixtures;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.TestWheels;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The denormalised status of an environment (latest_status, validated_version, validated_at) follows its versions
 * through the real API: push, claim, validation result, failure, yank, unyank, delete.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class EnvironmentStatusTest {
    @Inject
    QueueFixtures queue;
    @Inject
    EntityManager em;

    private String alice;
    private String validator;
    private String name;

    private long push(String version) {
        TestWheels.Built wheel = TestWheels.environment(name, version);
        return given().auth().oauth2(alice).multiPart("file", wheel.filename(), wheel.bytes(), "application/octet-stream")
                .post("/api/v1/environments/alice/" + name + "/versions").then().statusCode(201).extract().jsonPath()
                .getLong("validationJob");
    }

    private void result(long job, String worker, String status) {
        Map<String, Object> row = queue.job(job);
        if (!"running".equals(row.get("state")) || !worker.equals(row.get("lease_owner"))) {
            queue.claimUntil(validator, worker, job); // (a claim on the way to a newer job may have taken it already)
        }
        given().auth().oauth2(validator).contentType(ContentType.JSON)
                .body(Map.of("worker", worker, "report", QueueFixtures.report(status, null)))
                .post(QueueFixtures.BASE + "/" + job + "/result").then().statusCode(200);
    }

    /** [latest_version, latest_status, validated_version, validated_at is set]. */
    private List<Object> state() {
        Object[] row = QuarkusTransaction.requiringNew().call(() -> (Object[]) em.createNativeQuery("SELECT latest_version,"
                + " latest_status, validated_version, validated_at IS NOT NULL FROM hub.environments e"
                + " JOIN hub.owners o ON o.id = e.owner_id WHERE o.name = 'alice' AND e.name = ?1").setParameter(1, name)
                .getSingleResult());
        return Arrays.asList(row);
    }

    @Test
    void followsPublishValidationYankAndDelete() {
        alice = Tokens.forUser("alice", "alice");
        validator = Tokens.forClient("package-validator", "dev-validator-secret");
        name = "status-" + RegistryFixtures.run();
        String worker = "w-" + name;

        long job1 = push("1.0");
        assertEquals(Arrays.asList("1.0", "pending", null, false), state());
        long job2 = push("2.0");
        queue.claimUntil(validator, worker, job2);
        assertEquals(Arrays.asList("2.0", "validating", null, false), state());
        given().auth().oauth2(validator).contentType(ContentType.JSON).body(Map.of("worker", worker, "error", "disk full"))
                .post(QueueFixtures.BASE + "/" + job2 + "/failure").then().statusCode(200);
        assertEquals(Arrays.asList("2.0", "pending", null, false), state(), "an infrastructure failure queues it again");

        result(job1, worker, "validated");
        assertEquals(Arrays.asList("2.0", "pending", "1.0", true), state(), "an older version validated");
        result(job2, worker, "validated");
        assertEquals(Arrays.asList("2.0", "validated", "2.0", true), state());

        long job3 = push("3.0a1");
        assertEquals(Arrays.asList("2.0", "validated", "2.0", true), state(), "a pre-release is not the latest version");
        result(job3, worker, "validated");
        assertEquals(Arrays.asList("2.0", "validated", "3.0a1", true), state(), "PEP 440 order: 3.0a1 > 2.0");
        long job4 = push("2.1");
        result(job4, worker, "failed");
        assertEquals(Arrays.asList("2.1", "failed", "3.0a1", true), state());

        yank("3.0a1");
        assertEquals(Arrays.asList("2.1", "failed", "2.0", true), state(), "yanked versions are not validated versions");
        yank("2.1");
        assertEquals(Arrays.asList("2.0", "validated", "2.0", true), state());
        given().auth().oauth2(alice).post(base() + "/versions/2.1/unyank").then().statusCode(200);
        assertEquals(Arrays.asList("2.1", "failed", "2.0", true), state());

        given().auth().oauth2(alice).delete(base() + "/versions/2.0").then().statusCode(204);
        assertEquals(Arrays.asList("2.1", "failed", "1.0", true), state());
        given().auth().oauth2(alice).delete(base() + "/versions/1.0").then().statusCode(204);
        assertEquals(Arrays.asList("2.1", "failed", null, false), state());
        given().auth().oauth2(alice).delete(base() + "/versions/2.1").then().statusCode(204);
        given().auth().oauth2(alice).delete(base() + "/versions/3.0a1").then().statusCode(204);
        assertEquals(Arrays.asList(null, null, null, false), state());
    }

    @Test
    void searchItemsCarryTheStatus() {
        alice = Tokens.forUser("alice", "alice");
        validator = Tokens.forClient("package-validator", "dev-validator-secret");
        name = "status-item-" + RegistryFixtures.run();
        long job = push("0.1.0");
        result(job, "w-" + name, "validated");
        push("0.2.0");
        JsonPath item = given().queryParam("owner", "alice").queryParam("q", name).get("/api/v1/environments").then()
                .statusCode(200).extract().jsonPath();
        assertEquals(name, item.getString("items[0].name"));
        assertEquals("0.2.0", item.getString("items[0].latestVersion"));
        assertNull(item.getString("items[0].latestStatus"), "one status vocabulary: no internal status in the list");
        assertEquals("0.1.0", item.getString("items[0].validatedVersion"));
        assertNotNull(item.getString("items[0].validatedAt"));
        assertNull(item.getString("items[0].downloads7d"));
    }

    private String base() {
        return "/api/v1/environments/alice/" + name;
    }

    private void yank(String version) {
        given().auth().oauth2(alice).contentType(ContentType.JSON).body(Map.of("reason", "test"))
                .post(base() + "/versions/" + version + "/yank").then().statusCode(200);
    }
}
