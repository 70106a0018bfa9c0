package io.envhub.registry.search;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.environment.EnvironmentStatus;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Search filters for the web UI: validated, task (and its facets), sort=trending, and the status fields of items. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class SearchFiltersTest {
    @Inject
    EnvironmentStatus status;
    @Inject
    RegistryFixtures fixtures;
    @Inject
    EntityManager em;

    private static JsonPath search(Object... params) {
        RequestSpecification req = given();
        for (int i = 0; i < params.length; i += 2) {
            req = req.queryParam((String) params[i], params[i + 1]);
        }
        return req.get("/api/v1/environments").then().statusCode(200).extract().jsonPath();
    }

    private static Map<String, Integer> tasks(JsonPath res) {
        Map<String, Integer> out = new HashMap<>();
        List<Map<String, Object>> tasks = res.getList("facets.tasks");
        for (Map<String, Object> t : tasks) {
            out.put((String) t.get("tag"), ((Number) t.get("count")).intValue());
        }
        return out;
    }

    /** Downloads of {@code env} {@code daysAgo} days ago (UTC), as the download counter records them. */
    private void downloads(Environment env, int daysAgo, long count) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("INSERT INTO hub.downloads_daily (environment_id, day,"
                        + " count) VALUES (?1, (now() AT TIME ZONE 'UTC')::date - ?2, ?3)")
                .setParameter(1, env.id).setParameter(2, daysAgo).setParameter(3, count).executeUpdate());
    }

    @Test
    void validatedAndTaskFiltersWithTaskFacets() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("filters-" + run);
        String tag = "f-" + run;
        Environment single = fixtures.environment(owner, "single", "s", "public", List.of(tag, "single-turn"), null);
        Environment multi = fixtures.environment(owner, "multi", "m", "public", List.of(tag, "multi-turn", "tool-use"), null);
        fixtures.environment(owner, "tools", "t", "public", List.of(tag, "tool-use"), null);
        fixtures.environment(owner, "plain", "p", "public", List.of(tag), null);
        // validated means the hub ran it (issue 36 item 9): these versions passed in the sandbox
        fixtures.ranRuntime(fixtures.publish(single, "1.0"));
        fixtures.ranRuntime(fixtures.publish(multi, "1.0"));
        QuarkusTransaction.requiringNew().run(() -> status.refresh(single.id));
        fixtures.yank(multi, "1.0", "bad");

        JsonPath all = search("tag", tag, "sort", "name");
        assertEquals(Map.of("single-turn", 1, "multi-turn", 1, "tool-use", 2), tasks(all));
        assertEquals(List.of("multi", "plain", "single", "tools"), all.getList("items.name"));
        assertEquals("1.0", all.getString("items[2].validatedVersion"));
        assertEquals(null, all.getString("items[2].latestStatus"), "one status vocabulary");
        assertEquals("verified", all.getString("items[2].trustStatus"));
        assertEquals(null, all.getString("items[0].validatedVersion"), "its only version is yanked");

        JsonPath validated = search("tag", tag, "validated", "true");
        assertEquals(List.of("single"), validated.getList("items.name"));
        assertEquals(Map.of("single-turn", 1), tasks(validated));
        assertEquals(List.of("single"), search("owner", owner.name, "validated", "true").getList("items.name"));
        assertEquals(4, search("tag", tag, "validated", "false").getInt("total"));

        JsonPath tools = search("tag", tag, "task", "tool-use", "sort", "name");
        assertEquals(List.of("multi", "tools"), tools.getList("items.name"));
        assertEquals(Map.of("multi-turn", 1, "tool-use", 2), tasks(tools));
        assertEquals(List.of("multi"), search("owner", owner.name, "task", "Multi-Turn").getList("items.name"));

        // a task alone is a listing (counts kept by trigger): its total is its own facet count
        JsonPath listing = search("task", "single-turn", "size", 100);
        assertEquals(listing.getInt("total"), tasks(listing).get("single-turn"));
        assertTrue(listing.getInt("total") >= 1);
        List<List<String>> tags = listing.getList("items.tags");
        assertTrue(tags.stream().allMatch(t -> t.contains("single-turn")));
    }

    @Test
    void validatedListingCountsFollowYanksAndVisibility() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("vcount-" + run);
        String tag = "v-" + run;
        Environment a = fixtures.environment(owner, "a", "a", "public", List.of(tag, "single-turn"), null);
        Environment b = fixtures.environment(owner, "b", "b", "public", List.of(tag, "tool-use"), null);
        fixtures.environment(owner, "c", "c", "public", List.of(tag), null);
        Environment hidden = fixtures.environment(owner, "p", "p", "private", List.of(tag, "tool-use"), null);
        fixtures.ranRuntime(fixtures.publish(a, "1.0"));
        fixtures.ranRuntime(fixtures.publish(b, "1.0"));
        fixtures.ranRuntime(fixtures.publish(hidden, "1.0"));
        for (Environment e : List.of(a, b, hidden)) {
            QuarkusTransaction.requiringNew().run(() -> status.refresh(e.id));
        }

        // tag + validated is a listing: total and facets come from the counters the trigger keeps
        JsonPath listing = search("tag", tag, "validated", "true", "sort", "name");
        assertEquals(List.of("a", "b"), listing.getList("items.name"));
        assertEquals(2, listing.getInt("total"));
        assertEquals(Map.of("single-turn", 1, "tool-use", 1), tasks(listing));
        assertEquals(3, search("tag", tag).getInt("total"));

        fixtures.yank(b, "1.0", "broken");
        JsonPath afterYank = search("tag", tag, "validated", "true");
        assertEquals(List.of("a"), afterYank.getList("items.name"));
        assertEquals(1, afterYank.getInt("total"));
        assertEquals(Map.of("single-turn", 1), tasks(afterYank));

        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "UPDATE hub.environments SET visibility = 'private' WHERE id = ?1").setParameter(1, a.id).executeUpdate());
        JsonPath afterHide = search("tag", tag, "validated", "true");
        assertEquals(0, afterHide.getInt("total"));
        assertEquals(List.of(), afterHide.getList("items"));
        assertEquals(Map.of(), tasks(afterHide));
        assertEquals(2, search("tag", tag).getInt("total"), "b and c stay public");
        // the same question through the filtered path (an owner makes it one) counts the rows themselves
        assertEquals(0, search("owner", owner.name, "validated", "true").getInt("total"));
        assertEquals(2, search("owner", owner.name).getInt("total"));
    }

    @Test
    void refusesUnknownTasksAndFlags() {
        given().queryParam("task", "chess").get("/api/v1/environments").then().statusCode(400)
                .contentType("application/problem+json").body("type", equalTo("https://envhub.dev/problems/invalid-task"))
                .body("detail", containsString("single-turn, multi-turn, tool-use"));
        given().queryParam("validated", "yes").get("/api/v1/environments").then().statusCode(400)
                .body("type", equalTo("https://envhub.dev/problems/invalid-validated"));
    }

    @Test
    void trendingSortsByDownloadsOfTheLastSevenDays() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("trend-" + run);
        String tag = "t-" + run;
        Environment a = fixtures.environment(owner, "a", "a", "public", List.of(tag), null);
        Environment b = fixtures.environment(owner, "b", "b", "public", List.of(tag), null);
        Environment c = fixtures.environment(owner, "c", "c", "public", List.of(tag), null);
        Environment d = fixtures.environment(owner, "d", "d", "public", List.of(tag), null);
        OffsetDateTime now = OffsetDateTime.now();
        fixtures.counters(a, 10, 0, now);
        fixtures.counters(b, 100, 0, now);
        fixtures.counters(c, 50, 0, now);
        fixtures.counters(d, 20, 0, now);
        downloads(a, 0, 2);
        downloads(a, 6, 3);
        downloads(c, 1, 5);
        downloads(d, 7, 20); // eight days ago counting today: not recent

        List<String> expected = List.of("c", "a", "b", "d");
        JsonPath listing = search("tag", tag, "sort", "trending");
        assertEquals(expected, listing.getList("items.name"), "listing (one tag)");
        assertEquals(List.of(5, 5, 0, 0), listing.getList("items.downloads7d"));
        assertEquals(expected, search("owner", owner.name, "sort", "trending").getList("items.name"), "filtered search");
        for (int page = 1; page <= 4; page++) {
            assertEquals(List.of(expected.get(page - 1)), search("tag", tag, "sort", "trending", "size", 1, "page", page)
                    .getList("items.name"), "page " + page);
            assertEquals(List.of(expected.get(page - 1)), search("owner", owner.name, "sort", "trending", "size", 1, "page", page)
                    .getList("items.name"), "filtered page " + page);
        }
        assertEquals(4, listing.getInt("total"));
    }
}
