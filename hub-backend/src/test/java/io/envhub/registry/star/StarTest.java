package io.envhub.registry.star;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Stars: idempotent, exact under concurrency, signed-in only, private environments hidden. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class StarTest {
    @Inject
    RegistryFixtures fixtures;

    @Inject
    EntityManager em;

    @Test
    void concurrentStarsCountEachUserOnce() throws Exception {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("star-" + run);
        Environment env = fixtures.environment(owner, "starry", "Starry", "public", List.of(), null);
        String path = "/api/v1/environments/" + owner.name + "/starry/star";
        List<String> tokens = List.of(Tokens.forUser("alice", "alice"), Tokens.forUser("sam", "sam"), Tokens.forUser("ada", "ada"));

        ExecutorService pool = Executors.newFixedThreadPool(10);
        try {
            List<Callable<Integer>> puts = new ArrayList<>();
            for (int i = 0; i < 30; i++) {
                String token = tokens.get(i % tokens.size());
                puts.add(() -> given().auth().oauth2(token).put(path).statusCode());
            }
            for (Future<Integer> f : pool.invokeAll(puts)) {
                assertEquals(204, f.get());
            }
            assertEquals(3, starCount(env));
            assertEquals(3L, starRows(env));

            List<Callable<Integer>> deletes = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                deletes.add(() -> given().auth().oauth2(tokens.get(1)).delete(path).statusCode());
            }
            for (Future<Integer> f : pool.invokeAll(deletes)) {
                assertEquals(204, f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(2, starCount(env));
        assertEquals(2L, starRows(env));
        given().auth().oauth2(tokens.get(0)).get("/api/v1/environments/" + owner.name + "/starry").then()
                .body("starredByMe", equalTo(true)).body("starCount", equalTo(2));
        given().auth().oauth2(tokens.get(1)).get("/api/v1/environments/" + owner.name + "/starry").then()
                .body("starredByMe", equalTo(false));
    }

    @Test
    void starringNeedsSignInAndAReadableEnvironment() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        Environment hidden = fixtures.environment(alice, "hidden-star-" + run, "secret", "private", List.of(), null);
        String path = "/api/v1/environments/alice/hidden-star-" + run + "/star";

        given().put(path).then().statusCode(401);
        given().auth().oauth2(Tokens.forUser("sam", "sam")).put(path).then().statusCode(404);
        given().auth().oauth2(Tokens.forUser("sam", "sam")).delete(path).then().statusCode(404);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).put(path).then().statusCode(204);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).put(path).then().statusCode(204);
        assertEquals(1, starCount(hidden));
        given().auth().oauth2(Tokens.forUser("alice", "alice")).delete(path).then().statusCode(204);
        given().auth().oauth2(Tokens.forUser("alice", "alice")).delete(path).then().statusCode(204);
        assertEquals(0, starCount(hidden));
        given().auth().oauth2(Tokens.forUser("alice", "alice")).put("/api/v1/environments/alice/no-such-" + run + "/star")
                .then().statusCode(404);
    }

    private int starCount(Environment env) {
        return ((Number) em.createNativeQuery("SELECT star_count FROM hub.environments WHERE id = ?1")
                .setParameter(1, env.id).getSingleResult()).intValue();
    }

    private long starRows(Environment env) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM hub.stars WHERE environment_id = ?1")
                .setParameter(1, env.id).getSingleResult()).longValue();
    }
}
