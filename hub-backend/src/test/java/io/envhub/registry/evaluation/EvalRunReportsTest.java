package io.envhub.registry.evaluation;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.testsupport.EvalRunDirs;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Evaluation runs in the admin report flow: a run is reported as {@code owner/name/evals/<id>} (one open report per
 * user and run, 404 for runs the reporter cannot see), shows up in the review queue, and an admin hides it from the
 * leaderboards (every list of runs) with a reason, shows it again, or deletes it; each action is in the audit log.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class EvalRunReportsTest {
    @Inject
    RegistryFixtures fixtures;

    @Inject
    ObjectStore store;

    @TempDir
    Path tmp;

    static String token(String user) {
        return Tokens.forUser(user, user);
    }

    long push(String user, String base, String version, Path dir) {
        return EvalRunsTest.push(token(user), base + "/versions/" + version + "/evals", dir).then().statusCode(201)
                .extract().jsonPath().getLong("id");
    }

    static JsonPath report(String user, String target, int status) {
        return given().auth().oauth2(token(user)).contentType("application/json")
                .body(Map.of("target", target, "reason", "broken-reward", "text", "the rewards are made up"))
                .post("/api/v1/reports").then().statusCode(status).extract().jsonPath();
    }

    static List<Long> ids(String path) {
        return given().get(path).then().statusCode(200).extract().jsonPath().getList("id", Long.class);
    }

    static List<Map<String, Object>> audit(String query) {
        return given().auth().oauth2(token("ada")).get("/api/v1/admin/audit?" + query).then().statusCode(200).extract()
                .jsonPath().getList("$");
    }

    @Test
    void aReportedRunIsHiddenFromEveryListUntilShownAgain() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("evr-" + run);
        Environment env = fixtures.environment(owner, "reported", "Reported", "public", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        String base = "/api/v1/environments/" + owner.name + "/reported";
        String model = "suspect/model-" + run;
        long good = push("alice", base, "1.0.0", EvalRunDirs.write(tmp.resolve("g"), "reported", model, 2, 1, (e, r) -> 0.5, false));
        long bad = push("sam", base, "1.0.0", EvalRunDirs.write(tmp.resolve("b"), "reported", model, 2, 1, (e, r) -> 1.0, false));
        String target = owner.name + "/reported/evals/" + bad;

        JsonPath filed = report("alice", target, 201);
        assertEquals(target, filed.getString("target"));
        assertEquals("eval-run", filed.getString("targetKind"));
        report("alice", target, 409);
        report("alice", owner.name + "/reported/evals/999999999", 404);
        given().contentType("application/json").body(Map.of("target", target, "reason", "spam")).post("/api/v1/reports")
                .then().statusCode(401);
        long reportId = filed.getLong("id");
        List<Map<String, Object>> queue = given().auth().oauth2(token("ada")).get("/api/v1/admin/queue?kind=report&state=open")
                .then().statusCode(200).extract().jsonPath().getList("$");
        assertTrue(queue.stream().anyMatch(i -> ("report:" + reportId).equals(i.get("id")) && target.equals(i.get("target"))
                && "eval-run".equals(((Map<?, ?>) i.get("detail")).get("targetKind"))), queue.toString());

        String hide = "/api/v1/admin/environments/" + owner.name + "/reported/evals/" + bad + "/hide";
        given().auth().oauth2(token("sam")).contentType("application/json").body(Map.of("reason", "mine")).post(hide)
                .then().statusCode(404);
        given().auth().oauth2(token("ada")).contentType("application/json").body(Map.of("reason", " ")).post(hide)
                .then().statusCode(400);
        given().auth().oauth2(token("ada")).contentType("application/json").body(Map.of("reason", "rewards do not match the rows"))
                .post(hide).then().statusCode(200).body("hidden", equalTo(true)).body("model", equalTo(model));
        given().auth().oauth2(token("ada")).contentType("application/json").body(Map.of("reason", "again")).post(hide)
                .then().statusCode(409);

        assertEquals(List.of(good), ids(base + "/evals"), "gone from the environment's list (the leaderboard's source)");
        assertEquals(List.of(good), ids(base + "/versions/1.0.0/evals"));
        assertEquals(List.of(good), ids("/api/v1/models/" + model + "/evals"), "and from the model's list");
        given().get(base + "/evals/" + bad).then().statusCode(200).body("hidden", equalTo(true))
                .body("hiddenReason", equalTo("rewards do not match the rows"));
        given().get(base + "/evals/" + bad + "/rollouts").then().statusCode(200);
        List<Map<String, Object>> mine = given().auth().oauth2(token("alice")).get("/api/v1/me/reports").then().extract()
                .jsonPath().getList("$");
        assertTrue(mine.stream().anyMatch(r -> ((Number) r.get("id")).longValue() == reportId && "actioned".equals(r.get("state"))),
                "hiding closes the report as actioned: " + mine);
        report("alice", target, 201); // closed: a new report on the same run may be filed

        given().auth().oauth2(token("ada")).contentType("application/json").body(Map.of("reason", "submitter explained"))
                .delete(hide).then().statusCode(200).body("hidden", equalTo(false));
        given().auth().oauth2(token("ada")).contentType("application/json").body(Map.of()).delete(hide).then().statusCode(409);
        assertEquals(List.of(bad, good), ids(base + "/evals"), "shown again, best reward first");
        assertEquals(List.of(bad, good), ids("/api/v1/models/" + model + "/evals"), "in the model's list too, newest first");
        given().get(base + "/evals/" + bad).then().statusCode(200).body("hidden", equalTo(false));

        List<Map<String, Object>> rows = audit("target=" + target);
        assertEquals(List.of("eval-run.unhide", "eval-run.hide"), rows.stream().map(r -> r.get("action")).toList());
        assertEquals("rewards do not match the rows", rows.get(1).get("reason"));
        assertEquals("ada", rows.get(1).get("actor"));
    }

    @Test
    void anAdminDeletesAReportedRunWithAReason() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("evx-" + run);
        Environment env = fixtures.environment(owner, "deleted-run", "Deleted run", "public", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        String base = "/api/v1/environments/" + owner.name + "/deleted-run";
        double reward = 0.001 + (Math.abs(run.hashCode()) % 997) / 1000.0; // bytes no other run shares
        long id = push("sam", base, "1.0.0", EvalRunDirs.write(tmp.resolve("x"), "deleted-run", "x-" + run, 3, 1,
                (e, r) -> reward, false));
        String key = EvalRun.objectKeyFor(given().get(base + "/evals/" + id).then().extract().jsonPath().getString("resultsSha256"));
        String target = owner.name + "/deleted-run/evals/" + id;
        long reportId = report("alice", target, 201).getLong("id");
        String admin = "/api/v1/admin/environments/" + owner.name + "/deleted-run/evals/" + id;
        given().auth().oauth2(token("ada")).contentType("application/json").body(Map.of()).delete(admin).then().statusCode(400);
        given().auth().oauth2(token("alice")).contentType("application/json").body(Map.of("reason", "x")).delete(admin)
                .then().statusCode(404);
        given().auth().oauth2(token("ada")).contentType("application/json").body(Map.of("reason", "fabricated results"))
                .delete(admin).then().statusCode(204);
        given().get(base + "/evals/" + id).then().statusCode(404);
        assertFalse(store.size(key).isPresent(), "its stored results are gone");
        given().auth().oauth2(token("ada")).get("/api/v1/admin/reports/" + reportId).then().statusCode(200)
                .body("state", equalTo("actioned")).body("resolutionNote", equalTo("deleted: fabricated results"));
        assertEquals("fabricated results", audit("action=eval-run.delete&target=" + target).get(0).get("reason"));
    }

    @Test
    void runsOfPrivateEnvironmentsAre404ToReportersWhoCannotSeeThem() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        Environment secret = fixtures.environment(alice, "secret-run-" + run, "Secret", "private", List.of(), null);
        fixtures.ranRuntime(fixtures.publish(secret, "1.0.0"));
        String base = "/api/v1/environments/alice/" + secret.name;
        long id = push("alice", base, "1.0.0", EvalRunDirs.write(tmp.resolve("s"), secret.name, "m-" + run, 1, 1, (e, r) -> 1.0,
                false));
        report("sam", "alice/" + secret.name + "/evals/" + id, 404);
        Environment open = fixtures.environment(alice, "open-run-" + run, "Open", "public", List.of(), null);
        report("sam", "alice/" + open.name + "/evals/" + id, 404); // the run of another environment
        report("alice", "alice/" + secret.name + "/evals/" + id, 201);
    }
}
