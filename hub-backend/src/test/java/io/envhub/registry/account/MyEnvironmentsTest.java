package io.envhub.registry.account;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.validation.QueueFixtures;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code GET /api/v1/me/environments}: the caller's and their organisations' environments, private ones and failures too. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class MyEnvironmentsTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    QueueFixtures queue;

    private static JsonPath mine(String token) {
        return given().auth().oauth2(token).get("/api/v1/me/environments").then().statusCode(200).extract().jsonPath();
    }

    private static void post(String validator, long job, String path, Map<String, Object> body) {
        given().auth().oauth2(validator).contentType(ContentType.JSON).body(body)
                .post(QueueFixtures.BASE + "/" + job + "/" + path).then().statusCode(200);
    }

    @Test
    void listsOwnAndOrganisationEnvironmentsWithFailedVersions() {
        String run = RegistryFixtures.run();
        String aliceToken = Tokens.forUser("alice", "alice");
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        Owner alice = fixtures.user("alice");
        Tokens.ensureUser("bob");
        Owner bob = fixtures.user("bob");
        Owner org = fixtures.organisation("mine-org-" + run, alice, AccessPolicy.ORG_MEMBER);

        QueueFixtures.Pushed failed = queue.pushed(alice, "mine-failed-" + run, "private");
        queue.claimUntil(validator, "w-" + run, failed.job());
        Map<String, Object> report = new HashMap<>(QueueFixtures.report("failed", null));
        report.put("summary", "failed: runtime.load: load_environment raised");
        post(validator, failed.job(), "result", Map.of("worker", "w-" + run, "report", report));

        QueueFixtures.Pushed errored = queue.pushed(alice, "mine-error-" + run, "public");
        for (int attempt = 1; attempt <= 3; attempt++) {
            queue.claimUntil(validator, "w-" + run, errored.job());
            post(validator, errored.job(), "failure", Map.of("worker", "w-" + run, "error", "sandbox died " + attempt));
        }
        Environment orgEnv = fixtures.environment(org, "mine-org-env-" + run, "org", "private", List.of(), null);
        fixtures.publish(orgEnv, "1.0");
        Environment bobs = fixtures.environment(bob, "mine-bob-" + run, "bob's", "private", List.of(), null);
        fixtures.counters(orgEnv, 0, 0, OffsetDateTime.now().plusDays(3));

        JsonPath list = mine(aliceToken);
        List<String> names = list.getList("name");
        assertTrue(names.containsAll(List.of("mine-failed-" + run, "mine-error-" + run, orgEnv.name)), names.toString());
        assertFalse(names.contains(bobs.name));
        assertEquals(orgEnv.name, list.getString("[0].name"), "newest update first");
        List<String> updated = list.getList("updatedAt");
        for (int i = 1; i < updated.size(); i++) {
            assertTrue(OffsetDateTime.parse(updated.get(i - 1)).compareTo(OffsetDateTime.parse(updated.get(i))) >= 0);
        }

        Map<String, Object> failedItem = item(list, "mine-failed-" + run);
        assertEquals("private", failedItem.get("visibility"));
        assertEquals(null, failedItem.get("latestStatus"));
        assertEquals("failed", failedItem.get("trustStatus"));
        List<Map<String, Object>> failures = failedVersions(failedItem);
        assertEquals(1, failures.size());
        assertEquals("1.0.0", failures.get(0).get("version"));
        assertEquals("failed", failures.get(0).get("status"));
        assertEquals("failed: runtime.load: load_environment raised", failures.get(0).get("reason"));

        List<Map<String, Object>> errors = failedVersions(item(list, "mine-error-" + run));
        assertEquals(1, errors.size());
        assertEquals("error", errors.get(0).get("status"));
        assertEquals("sandbox died 3", errors.get(0).get("reason"));
        assertEquals(List.of(), failedVersions(item(list, orgEnv.name)));

        List<String> bobsNames = mine(Tokens.forUser("bob", "bob")).getList("name");
        assertTrue(bobsNames.contains(bobs.name));
        assertFalse(bobsNames.contains("mine-failed-" + run) || bobsNames.contains("mine-error-" + run)
                || bobsNames.contains(orgEnv.name), "nothing of other users");
        given().get("/api/v1/me/environments").then().statusCode(401);
    }

    private static Map<String, Object> item(JsonPath list, String name) {
        List<Map<String, Object>> items = list.getList("$");
        return items.stream().filter(i -> name.equals(i.get("name"))).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> failedVersions(Map<String, Object> item) {
        return (List<Map<String, Object>>) item.get("failedVersions");
    }
}
