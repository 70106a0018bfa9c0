package io.envhub.registry.validation;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The contamination section of a public report names only environments the READER may see, decided when the report
 * is read: anonymous readers never see a private environment's name, and an environment that turned private after the
 * scan stops being named.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class ContaminationPrivacyTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    QueueFixtures queue;
    @Inject
    EntityManager em;

    private void validated(String validator, QueueFixtures.Pushed pushed, List<String> rows) {
        queue.claimUntil(validator, "w-p", pushed.job());
        given().auth().oauth2(validator).contentType("application/json")
                .body(Map.of("worker", "w-p", "report", QueueFixtures.report("validated", rows)))
                .post(ValidationQueueTest.BASE + "/" + pushed.job() + "/result").then().statusCode(200);
    }

    private List<String> named(String token, String owner, String env) {
        var req = given();
        if (token != null) {
            req = req.auth().oauth2(token);
        }
        return req.get("/api/v1/environments/" + owner + "/" + env + "/versions/1.0.0/report").then().statusCode(200)
                .extract().jsonPath().getList("trust.contamination.name");
    }

    @Test
    void privateNamesAreFilteredByTheReadersAccessWhenTheReportIsRead() {
        String validator = Tokens.forClient("package-validator", "dev-validator-secret");
        String admin = Tokens.forUser("ada", "ada");
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("cp-" + run);
        Owner other = fixtures.owner("cq-" + run);
        List<String> rows = QueueFixtures.rows("p" + run, 100);
        List<String> copy = new ArrayList<>(rows.subList(0, 80));
        copy.addAll(QueueFixtures.rows("q" + run, 20));

        validated(validator, queue.pushed(owner, "hidden-src-" + run, "private"), rows);
        validated(validator, queue.pushed(other, "open-src-" + run, "public"), rows);
        validated(validator, queue.pushed(owner, "public-copy-" + run, "public"), copy);

        // the scan named both (the private one is the same owner's); an admin reader sees both
        assertEquals(List.of("hidden-src-" + run, "open-src-" + run), named(admin, owner.name, "public-copy-" + run).stream().sorted()
                .toList());
        // anonymous and other users never see the private name
        assertEquals(List.of("open-src-" + run), named(null, owner.name, "public-copy-" + run));
        assertEquals(List.of("open-src-" + run), named(Tokens.forUser("alice", "alice"), owner.name, "public-copy-" + run));

        // the public source turns private: it stops being named at once, without a new scan
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "UPDATE hub.environments SET visibility = 'private' WHERE owner_id = ?1 AND name = ?2")
                .setParameter(1, other.id).setParameter(2, "open-src-" + run).executeUpdate());
        assertEquals(List.of(), named(null, owner.name, "public-copy-" + run));
        assertEquals(2, named(admin, owner.name, "public-copy-" + run).size());
    }
}
