package io.envhub.registry.explore;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.environment.EnvironmentStatus;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code GET /api/v1/explore}: counts and lists over public environments only, the same for every caller. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class ExploreTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    EntityManager em;
    @Inject
    EnvironmentStatus status;

    private static JsonPath explore(String token) {
        return (token == null ? given() : given().auth().oauth2(token)).get("/api/v1/explore").then().statusCode(200)
                .extract().jsonPath();
    }

    private void recentDownloads(Environment env, long count) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("INSERT INTO hub.downloads_daily (environment_id, day,"
                        + " count) VALUES (?1, (now() AT TIME ZONE 'UTC')::date, ?2)")
                .setParameter(1, env.id).setParameter(2, count).executeUpdate());
    }

    @Test
    void countsAndListsCoverPublicEnvironmentsOnly() {
        JsonPath before = explore(null);
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        Environment shown = fixtures.environment(alice, "explore-public-" + run, "shown", "public", List.of(), null);
        Environment hidden = fixtures.environment(alice, "explore-private-" + run, "hidden", "private", List.of(), null);
        // a static-only public environment counts as an environment, not as a validated one (issue 36 item 9)
        Environment staticOnly = fixtures.environment(alice, "explore-static-" + run, "static", "public", List.of(), null);
        fixtures.publish(staticOnly, "1.0");
        fixtures.publish(hidden, "1.0");
        fixtures.ranRuntime(fixtures.publish(shown, "1.0"));
        fixtures.ranRuntime(fixtures.publish(shown, "1.1"));
        QuarkusTransaction.requiringNew().run(() -> status.refresh(shown.id));
        fixtures.counters(shown, 700_000_000L, 0, OffsetDateTime.now().plusDays(1));
        fixtures.counters(hidden, 900_000_000L, 0, OffsetDateTime.now().plusDays(2));
        recentDownloads(shown, 600_000_000L);
        recentDownloads(hidden, 800_000_000L);

        for (String token : new String[] {null, Tokens.forUser("alice", "alice"), Tokens.forUser("ada", "ada")}) {
            JsonPath after = explore(token);
            assertEquals(before.getLong("counts.environments") + 2, after.getLong("counts.environments"));
            assertEquals(before.getLong("counts.validatedEnvironments") + 1, after.getLong("counts.validatedEnvironments"));
            assertEquals(before.getLong("counts.versions") + 3, after.getLong("counts.versions"));
            assertEquals(before.getLong("counts.downloads") + 700_000_000L, after.getLong("counts.downloads"));

            assertEquals(shown.name, after.getString("trending[0].name"));
            assertEquals(600_000_000L, after.getLong("trending[0].downloads7d"));
            assertEquals(shown.name, after.getString("recentlyUpdated[0].name"));
            assertEquals(shown.name, after.getString("newestValidated[0].name"));
            assertEquals("1.1", after.getString("newestValidated[0].validatedVersion"));
            assertNotNull(after.getString("newestValidated[0].validatedAt"));
            for (String list : List.of("trending", "recentlyUpdated", "newestValidated")) {
                List<String> names = after.getList(list + ".name");
                assertTrue(names.size() <= ExploreService.ITEMS, list);
                assertFalse(names.contains(hidden.name), list + " shows no private environment");
                if ("newestValidated".equals(list)) {
                    assertFalse(names.contains(staticOnly.name), "a static-only version is not among the newest validated");
                }
                List<String> visibility = after.getList(list + ".visibility");
                assertTrue(visibility.stream().allMatch("public"::equals), list);
            }
        }
    }
}
