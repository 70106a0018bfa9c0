package io.envhub.registry.environment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.Owner;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Environment detail, README and settings, with visibility and management rights. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class EnvironmentTest {
    @Inject
    RegistryFixtures fixtures;

    @Inject
    EntityManager em;

    @Test
    void detailFindsUnNormalizedNamesAndShowsInstallSnippets() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("Detail-" + run);
        Environment env = fixtures.environment(owner, "Reverse_Text", "Reverse a given text", "public",
                List.of("text", "single-turn"), "# Reverse text\n\nReverse it.");
        fixtures.publish(env, "0.1.0");
        fixtures.publish(env, "0.2.0rc1");

        for (String spelling : List.of("Reverse_Text", "reverse-text", "REVERSE.text", "reverse__text")) {
            given().get("/api/v1/environments/{o}/{n}", owner.name.toLowerCase(), spelling).then().statusCode(200)
                    .body("owner", equalTo(owner.name))
                    .body("name", equalTo("reverse-text"))
                    .body("displayName", equalTo("Reverse_Text"))
                    .body("summary", equalTo("Reverse a given text"))
                    .body("tags", equalTo(List.of("text", "single-turn")))
                    .body("license", equalTo("Apache-2.0"))
                    .body("visibility", equalTo("public"))
                    .body("latestVersion", equalTo("0.1.0"))
                    .body("latestStatus", nullValue()).body("trustStatus", equalTo("static-only"))
                    .body("starCount", equalTo(0))
                    .body("downloadCount", equalTo(0))
                    .body("starredByMe", equalTo(false))
                    .body("install.pip", equalTo("pip install --index-url http://127.0.0.1:8081/simple/" + owner.name
                            + "/ reverse-text"))
                    .body("install.envhub", equalTo("envhub install " + owner.name + "/reverse-text"));
        }
        given().get("/api/v1/environments/{o}/{n}/readme", owner.name, "Reverse_Text").then().statusCode(200)
                .body("contentType", equalTo("text/markdown"))
                .body("text", equalTo("# Reverse text\n\nReverse it."));
        given().get("/api/v1/environments/{o}/{n}", owner.name, "no-such-env").then().statusCode(404)
                .contentType("application/problem+json");
        given().get("/api/v1/environments/{o}/{n}", "nobody-" + run, "reverse-text").then().statusCode(404);
        given().get("/api/v1/environments/{o}/{n}", owner.name, "bad name!").then().statusCode(404);
    }

    @Test
    void privateEnvironmentIsNotFoundForOutsidersOnly() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        fixtures.environment(alice, "hidden-" + run, "secret", "private", List.of(), "secret readme");
        String path = "/api/v1/environments/alice/hidden-" + run;

        given().get(path).then().statusCode(404);
        given().get(path + "/readme").then().statusCode(404);
        given().auth().oauth2(Tokens.forUser("sam", "sam")).get(path).then().statusCode(404)
                .body("detail", equalTo("Environment alice/hidden-" + run + " does not exist, or is private."));
        given().auth().oauth2(Tokens.forUser("alice", "alice")).get(path).then().statusCode(200)
                .body("visibility", equalTo("private")).body("latestVersion", nullValue()).body("latestStatus", nullValue());
        given().auth().oauth2(Tokens.forUser("ada", "ada")).get(path + "/readme").then().statusCode(200)
                .body("text", equalTo("secret readme"));
    }

    @Test
    void ownerChangesSettingsOthersMayNot() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        Environment env = fixtures.environment(alice, "settings-" + run, "old summary", "public", List.of("old"), null);
        fixtures.counters(env, 7, 2, java.time.OffsetDateTime.now().minusDays(3));
        String path = "/api/v1/environments/alice/settings-" + run;
        String aliceToken = Tokens.forUser("alice", "alice");

        given().auth().oauth2(aliceToken).contentType("application/json")
                .body(Map.of("summary", "  New summary  ", "tags", List.of("Math", "reasoning", "math")))
                .patch(path).then().statusCode(200)
                .body("summary", equalTo("New summary"))
                .body("tags", equalTo(List.of("math", "reasoning")))
                .body("visibility", equalTo("public"))
                .body("downloadCount", equalTo(7))
                .body("starCount", equalTo(2));
        Object[] row = (Object[]) em.createNativeQuery("SELECT summary, tags, download_count, updated_at > now() - interval"
                + " '1 minute', search @@ to_tsquery('simple', 'reasoning') FROM hub.environments WHERE id = ?1")
                .setParameter(1, env.id).getSingleResult();
        assertEquals("New summary", row[0]);
        assertArrayEquals(new String[] {"math", "reasoning"}, (String[]) row[1]);
        assertEquals(7L, ((Number) row[2]).longValue());
        assertEquals(true, row[3]);
        assertEquals(true, row[4], "the search document follows the new tags");

        String samToken = Tokens.forUser("sam", "sam");
        given().auth().oauth2(samToken).contentType("application/json").body(Map.of("summary", "hijacked"))
                .patch(path).then().statusCode(403);
        given().contentType("application/json").body(Map.of("summary", "hijacked")).patch(path).then().statusCode(401);

        given().auth().oauth2(aliceToken).contentType("application/json").body(Map.of("visibility", "private"))
                .patch(path).then().statusCode(200).body("visibility", equalTo("private")).body("summary", equalTo("New summary"));
        given().auth().oauth2(samToken).contentType("application/json").body(Map.of("summary", "hijacked"))
                .patch(path).then().statusCode(404);
        given().auth().oauth2(Tokens.forUser("ada", "ada")).contentType("application/json").body(Map.of("visibility", "public"))
                .patch(path).then().statusCode(200).body("visibility", equalTo("public"));
        assertEquals("New summary", em.createNativeQuery("SELECT summary FROM hub.environments WHERE id = ?1")
                .setParameter(1, env.id).getSingleResult());
    }

    @Test
    void settingsAreValidated() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        fixtures.environment(alice, "valid-" + run, "summary", "public", List.of(), null);
        String path = "/api/v1/environments/alice/valid-" + run;
        String token = Tokens.forUser("alice", "alice");
        List<String> tooMany = java.util.stream.IntStream.range(0, 21).mapToObj(i -> "t" + i).toList();

        given().auth().oauth2(token).contentType("application/json").body(Map.of("tags", tooMany)).patch(path)
                .then().statusCode(400).body("type", equalTo("https://envhub.dev/problems/too-many-tags"));
        given().auth().oauth2(token).contentType("application/json").body(Map.of("tags", List.of("-bad"))).patch(path)
                .then().statusCode(400).body("type", equalTo("https://envhub.dev/problems/invalid-tag"));
        given().auth().oauth2(token).contentType("application/json").body(Map.of("tags", List.of("x".repeat(51)))).patch(path)
                .then().statusCode(400);
        given().auth().oauth2(token).contentType("application/json").body(Map.of("visibility", "secret")).patch(path)
                .then().statusCode(400).body("type", equalTo("https://envhub.dev/problems/invalid-visibility"));
        given().auth().oauth2(token).contentType("application/json").body(Map.of("tags", tooMany.subList(0, 20))).patch(path)
                .then().statusCode(200);
    }
}
