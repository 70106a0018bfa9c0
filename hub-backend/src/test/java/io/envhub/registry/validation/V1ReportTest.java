package io.envhub.registry.validation;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A verifiers v1 report (its static {@code layout} facts, runtime not run) as the hub keeps and shows it: "static checks
 * only" with the validator's reason, the layout object on the report endpoint, and the inferred task type in the
 * search's task facet when the package's keywords name none.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class V1ReportTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    QueueFixtures queue;

    static Map<String, Object> v1Report(String taskType) {
        String why = "dependency verifiers is not available from the upstream index";
        Map<String, Object> r = TrustStatusTest.report("validated", false, List.of(
                TrustStatusTest.check("static.layout", "pass", "verifiers v1 taskset WordTaskset (word_env/taskset.py)"),
                TrustStatusTest.check("install", "skip", why)), List.of());
        r.put("skipReason", why);
        Map<String, Object> layout = new LinkedHashMap<>();
        layout.put("kind", "v1");
        layout.put("tasksetClass", "WordTaskset");
        layout.put("taskType", taskType);
        layout.put("rewards", List.of(Map.of("name", "exact", "weight", 0.5, "source", "task")));
        layout.put("datasets", List.of(Map.of("kind", "huggingface", "id", "someone/words", "split", "train",
                "host", "huggingface.co")));
        r.put("layout", layout);
        return r;
    }

    @Test
    void aV1ReportIsStaticChecksOnlyWithItsLayoutAndTaskFacet() {
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        String run = RegistryFixtures.run();
        String tag = "v1r-" + run;
        Owner owner = fixtures.user("alice");
        String tools = "tools-" + run;
        String tagged = "tagged-" + run;
        QueueFixtures.Pushed a = queue.pushed(owner, tools, "public", List.of(tag));
        QueueFixtures.Pushed b = queue.pushed(owner, tagged, "public", List.of(tag, "single-turn"));
        for (QueueFixtures.Pushed p : List.of(a, b)) {
            String worker = "w-" + p.job() + "-" + run;
            queue.claimUntil(validator, worker, p.job());
            given().auth().oauth2(validator).contentType("application/json")
                    .body(Map.of("worker", worker, "report", v1Report("tool use")))
                    .post(QueueFixtures.BASE + "/" + p.job() + "/result").then().statusCode(200);
        }
        String base = "/api/v1/environments/alice/" + tools;
        given().get(base + "/versions/1.0.0").then().statusCode(200).body("trustStatus", equalTo("static-only"))
                .body("statusLabel", equalTo("static checks only"))
                .body("statusReason", equalTo("dependency verifiers is not available from the upstream index"));
        given().get(base + "/versions/1.0.0/report").then().statusCode(200).body("layout.kind", equalTo("v1"))
                .body("layout.tasksetClass", equalTo("WordTaskset")).body("layout.rewards[0].weight", equalTo(0.5f))
                .body("layout.datasets[0].id", equalTo("someone/words"));
        given().get(base).then().statusCode(200).body("tags", contains(tag, "tool-use"));
        // a package whose keywords already name a task type keeps its own
        given().get("/api/v1/environments/alice/" + tagged).then().statusCode(200)
                .body("tags", contains(tag, "single-turn")).body("tags", not(hasItem("tool-use")));
        JsonPath found = given().get("/api/v1/environments?tag=" + tag + "&task=tool-use").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(List.of(tools), found.getList("items.name"));
    }
}
