package io.envhub.registry.page;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.Owner;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The composite page call keeps a public environment's answer per index stamp: every change shows on the next call
 * (each time the answer equals the uncached single calls), counters and the caller's star are always current, and a
 * private environment is never served from memory (nor to anyone who may not read it).
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class EnvironmentPageCacheTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    EnvironmentPageService pages;
    @Inject
    EntityManager em;

    private static RequestSpecification as(String token) {
        return token == null ? given() : given().auth().oauth2(token);
    }

    /** The page answer, checked against the four single calls (which nothing keeps). */
    private static JsonPath page(String token, String base) {
        JsonPath page = as(token).get(base + "/page?days=7").then().statusCode(200).extract().jsonPath();
        assertEquals(as(token).get(base).then().statusCode(200).extract().jsonPath().getMap(""), page.getMap("environment"));
        assertEquals(as(token).get(base + "/readme").then().statusCode(200).extract().jsonPath().getMap(""),
                page.getMap("readme"));
        assertEquals(as(token).get(base + "/versions").then().statusCode(200).extract().jsonPath().getList(""),
                page.getList("versions"));
        assertEquals(as(token).get(base + "/downloads?days=7").then().statusCode(200).extract().jsonPath().getList(""),
                page.getList("downloads"));
        return page;
    }

    private void sql(String statement, Object... params) {
        QuarkusTransaction.requiringNew().run(() -> {
            var q = em.createNativeQuery(statement);
            for (int i = 0; i < params.length; i++) {
                q.setParameter(i + 1, params[i]);
            }
            q.executeUpdate();
        });
    }

    @Test
    void everyChangeShowsOnTheNextCall() {
        Owner alice = fixtures.user("alice");
        String run = RegistryFixtures.run();
        Environment env = fixtures.environment(alice, "kept-" + run, "kept", "public", List.of("text"), "# Kept\nhello");
        fixtures.publish(env, "1.0.0");
        fixtures.publish(env, "1.1.0");
        fixtures.publish(env, "1.2.0");
        String base = "/api/v1/environments/alice/kept-" + run;
        String ada = Tokens.forUser("ada", "ada");
        String aliceToken = Tokens.forUser("alice", "alice");
        String sam = Tokens.forUser("sam", "sam");

        page(null, base);
        int entries = pages.keptEntries();
        assertEquals(List.of("1.2.0", "1.1.0", "1.0.0"), page(null, base).getList("versions.version"));
        assertEquals(entries, pages.keptEntries(), "asked again: the kept answer, not a second entry");

        // counters and stars change without the stamp: always current
        sql("UPDATE hub.environments SET download_count = 4242 WHERE id = ?1", env.id);
        assertEquals(4242, page(null, base).getLong("environment.downloadCount"));
        as(sam).put(base + "/star").then().statusCode(204);
        assertTrue(page(sam, base).getBoolean("environment.starredByMe"));
        assertEquals(false, page(null, base).getBoolean("environment.starredByMe"));
        assertEquals(1, page(null, base).getInt("environment.starCount"));

        // publish
        fixtures.publish(env, "1.3.0");
        assertEquals(List.of("1.3.0", "1.2.0", "1.1.0", "1.0.0"), page(null, base).getList("versions.version"));
        // yank
        as(aliceToken).contentType("application/json").body(Map.of("reason", "broken")).post(base + "/versions/1.3.0/yank")
                .then().statusCode(200);
        assertEquals(true, page(null, base).getBoolean("versions[0].yanked"));
        // quarantine
        as(ada).contentType("application/json").body(Map.of("reason", "sandbox escape"))
                .post("/api/v1/admin/environments/alice/kept-" + run + "/versions/1.2.0/quarantine").then().statusCode(200);
        assertEquals(true, page(null, base).getBoolean("versions[1].quarantined"));
        // a validation result (written as the validator's result writes it: the version's status and verdict)
        sql("UPDATE hub.versions SET status = 'failed', trust_status = 'failed', status_reason = 'no entry point'"
                + " WHERE environment_id = ?1 AND version = '1.1.0'", env.id);
        assertEquals("failed", page(null, base).getString("versions[2].trustStatus"));
        // delete a version
        as(aliceToken).delete(base + "/versions/1.0.0").then().statusCode(204);
        assertEquals(List.of("1.3.0", "1.2.0", "1.1.0"), page(null, base).getList("versions.version"));
        // settings
        as(aliceToken).contentType("application/json").body(Map.of("summary", "changed")).patch(base).then().statusCode(200);
        assertEquals("changed", page(null, base).getString("environment.summary"));

        // private: 404 at once for everyone who may not read it, and never kept
        as(aliceToken).contentType("application/json").body(Map.of("visibility", "private")).patch(base).then().statusCode(200);
        given().get(base + "/page").then().statusCode(404);
        as(sam).get(base + "/page").then().statusCode(404);
        assertEquals("private", page(aliceToken, base).getString("environment.visibility"));
        int keptWhilePrivate = pages.keptEntries();
        page(aliceToken, base);
        page(ada, base);
        as(sam).get(base + "/page").then().statusCode(404);
        given().get(base + "/page").then().statusCode(404);
        assertEquals(keptWhilePrivate, pages.keptEntries());
        // public again: served to everyone again, current
        as(aliceToken).contentType("application/json").body(Map.of("visibility", "public")).patch(base).then().statusCode(200);
        assertEquals("public", page(null, base).getString("environment.visibility"));

        // delete the environment
        sql("DELETE FROM hub.environments WHERE id = ?1", env.id);
        given().get(base + "/page").then().statusCode(404);
    }

    @Test
    void aPrivateEnvironmentIsNeverServedToAnotherUser() {
        Owner alice = fixtures.user("alice");
        String run = RegistryFixtures.run();
        Environment env = fixtures.environment(alice, "mine-" + run, "mine", "private", List.of(), "secret readme");
        fixtures.publish(env, "1.0.0");
        String base = "/api/v1/environments/alice/mine-" + run;
        String aliceToken = Tokens.forUser("alice", "alice");
        int before = pages.keptEntries();
        assertEquals("secret readme", page(aliceToken, base).getString("readme.text"));
        page(aliceToken, base);
        assertEquals(before, pages.keptEntries(), "private: not kept");
        as(Tokens.forUser("sam", "sam")).get(base + "/page").then().statusCode(404);
        given().get(base + "/page").then().statusCode(404);
    }
}
