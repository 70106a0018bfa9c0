package io.envhub.registry.version;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.validation.QueueFixtures;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The dataset preview posted in a validation report is stored with it and served per version, to readers only. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class DatasetPreviewTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    QueueFixtures queue;

    private void complete(String validator, long job, Map<String, Object> report) {
        String worker = "w-" + RegistryFixtures.run();
        queue.claimUntil(validator, worker, job);
        given().auth().oauth2(validator).contentType("application/json").body(Map.of("worker", worker, "report", report))
                .post(QueueFixtures.BASE + "/" + job + "/result").then().statusCode(200);
    }

    private static Map<String, Object> reportWithDataset() {
        Map<String, Object> report = QueueFixtures.report("validated", null);
        Map<String, Object> dataset = new LinkedHashMap<>();
        dataset.put("source", "dataset");
        dataset.put("size", 40);
        dataset.put("columns", List.of("question", "answer"));
        dataset.put("rowsWithPrompt", 40);
        dataset.put("schema", List.of(Map.of("name", "question", "type", "string"), Map.of("name", "answer", "type", "integer")));
        dataset.put("sample", List.of(List.of("<b>What</b> is 1 + 1?", "2"), Arrays.asList("Say hi", null)));
        report.put("dataset", dataset);
        return report;
    }

    @Test
    void previewIsServedAsPostedAndOnlyToReaders() {
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        Owner alice = fixtures.user("alice");
        String name = "preview-" + RegistryFixtures.run();
        QueueFixtures.Pushed pushed = queue.pushed(alice, name, "private");
        String path = "/api/v1/environments/alice/" + name + "/versions/1.0.0/dataset";
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get(path).then().statusCode(404)
                .body("detail", equalTo("Version 1.0.0 of alice/" + name + " has no dataset preview (status: pending)."));

        complete(validator, pushed.job(), reportWithDataset());

        given().auth().oauth2(Tokens.forUser("alice", "alice")).get(path).then().statusCode(200)
                .body("source", equalTo("dataset")).body("size", equalTo(40))
                .body("schema.name", contains("question", "answer")).body("schema.type", contains("string", "integer"))
                .body("sample[0]", contains("<b>What</b> is 1 + 1?", "2"))
                .body("sample[1][0]", equalTo("Say hi")).body("sample[1][1]", nullValue());
        // the version identity: 1.0 finds 1.0.0
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get(path.replace("1.0.0", "1.0")).then().statusCode(200);
        // a private environment is not there for others
        given().get(path).then().statusCode(404);
    }

    @Test
    void aReportThatNeverReachedTheDatasetHasNoPreview() {
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        Owner alice = fixtures.user("alice");
        String name = "nopreview-" + RegistryFixtures.run();
        QueueFixtures.Pushed pushed = queue.pushed(alice, name, "public");
        complete(validator, pushed.job(), QueueFixtures.report("failed", null));
        given().get("/api/v1/environments/alice/" + name + "/versions/1.0.0/dataset").then().statusCode(404)
                .body("detail", equalTo("Version 1.0.0 of alice/" + name + " has no dataset preview (status: failed)."));
    }
}
