package io.envhub.registry.publish;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.registry.evaluation.EvalRun;
import io.envhub.registry.storage.ObjectStore;
import io.envhub.registry.model.Artifact;
import io.envhub.registry.model.EnvironmentVersion;
import io.envhub.testsupport.EvalRunDirs;
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
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deleting a version removes its stored objects (the wheel and its evaluation runs' files) only once the delete has
 * committed: a delete whose commit fails keeps its rows and every object they point at.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class VersionDeleteAfterCommitTest {
    @Inject
    RegistryFixtures fixtures;

    @Inject
    ObjectStore store;

    @Inject
    EntityManager em;

    @TempDir
    Path tmp;

    @Test
    void aDeleteThatRollsBackKeepsTheObjectsACommittedOneRemovesThem() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("del-" + run);
        Environment env = fixtures.environment(owner, "delete-commit", "Delete after commit", "public", List.of(), null);
        EnvironmentVersion v = fixtures.ranRuntime(fixtures.publish(env, "1.0.0"));
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE hub.versions SET status = ?1 WHERE id = ?2")
                .setParameter(1, EnvironmentVersion.VALIDATED).setParameter(2, v.id).executeUpdate());
        String base = "/api/v1/environments/" + owner.name + "/delete-commit";
        double reward = 0.002 + (Math.abs(run.hashCode()) % 991) / 1000.0; // results of their own: no other run shares them
        Path dir = EvalRunDirs.write(tmp.resolve("v"), "delete-commit", "gone-" + run, 3, 1, (e, r) -> reward, false);
        given().auth().oauth2(Tokens.forUser("alice", "alice"))
                .multiPart("metadata", dir.resolve("metadata.json").toFile(), "application/json")
                .multiPart("results", EvalRunDirs.results(dir).toFile(), "application/octet-stream")
                .post(base + "/versions/1.0.0/evals").then().statusCode(201);
        List<String> keys = QuarkusTransaction.requiringNew().call(() -> {
            EvalRun r = EvalRun.<EvalRun>find("versionId", v.id).singleResult();
            Artifact a = Artifact.<Artifact>find("version.id", v.id).singleResult();
            return List.of(a.objectKey, r.resultsKey, r.metadataKey);
        });
        keys.forEach(k -> assertTrue(store.size(k).isPresent(), k + " is stored"));

        // the delete's commit fails: a deferred trigger refuses it after every statement of the delete has run
        QuarkusTransaction.requiringNew().run(() -> {
            em.createNativeQuery("""
                    CREATE OR REPLACE FUNCTION hub.test_refuse_commit() RETURNS trigger LANGUAGE plpgsql
                    AS $$ BEGIN RAISE EXCEPTION 'refused at commit by the test'; END $$""").executeUpdate();
            em.createNativeQuery("CREATE CONSTRAINT TRIGGER test_refuse_commit AFTER DELETE ON hub.versions"
                    + " DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.id = " + v.id + ")"
                    + " EXECUTE FUNCTION hub.test_refuse_commit()").executeUpdate();
        });
        try {
            given().auth().oauth2(Tokens.forUser("ada", "ada")).delete(base + "/versions/1.0.0").then().statusCode(500);
        } finally {
            QuarkusTransaction.requiringNew().run(() -> {
                em.createNativeQuery("DROP TRIGGER test_refuse_commit ON hub.versions").executeUpdate();
                em.createNativeQuery("DROP FUNCTION hub.test_refuse_commit()").executeUpdate();
            });
        }
        assertEquals(1L, count("SELECT count(*) FROM hub.versions WHERE id = ?1", v.id), "the version stays");
        assertEquals(1L, count("SELECT count(*) FROM hub.eval_runs WHERE version_id = ?1", v.id), "its run stays");
        keys.forEach(k -> assertTrue(store.size(k).isPresent(), k + " stays with the rows that point at it"));
        given().get(base + "/versions/1.0.0").then().statusCode(200);

        given().auth().oauth2(Tokens.forUser("ada", "ada")).delete(base + "/versions/1.0.0").then().statusCode(204);
        assertEquals(0L, count("SELECT count(*) FROM hub.versions WHERE id = ?1", v.id), "the version is gone");
        keys.forEach(k -> assertFalse(store.size(k).isPresent(), k + " is removed once the delete committed"));
    }

    private long count(String sql, long id) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(sql).setParameter(1, id)
                .getSingleResult()).longValue());
    }
}
