package io.envhub.registry.search;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** List and search: full text, typos, tags and facets, owner, sorts, pages, and visibility of private environments. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class SearchTest {
    @Inject
    RegistryFixtures fixtures;

    @Inject
    EntityManager em;

    private static JsonPath search(String token, Object... params) {
        RequestSpecification req = given();
        if (token != null) {
            req = req.auth().oauth2(token);
        }
        for (int i = 0; i < params.length; i += 2) {
            req = req.queryParam((String) params[i], params[i + 1]);
        }
        return req.get("/api/v1/environments").then().statusCode(200).extract().jsonPath();
    }

    private static List<String> names(JsonPath res) {
        return res.getList("items.name");
    }

    @Test
    void findsByWordsInNameSummaryAndReadme() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("words-" + run);
        fixtures.environment(owner, "Reverse_Text", "Reverse a given text; evaluated by LCS similarity", "public",
                List.of("text"), "# Reverse text\n\nPlain reversal.");
        fixtures.environment(owner, "math-solver", "Solve arithmetic word problems", "public", List.of("math"),
                "# Math\n\nGrade school problems.");
        fixtures.environment(owner, "chess-arena", "Play chess against a fixed engine", "public", List.of("games"),
                "# Chess\n\nThe agent must find zq" + run + " moves in every position.");

        JsonPath byName = search(null, "q", "reverse", "owner", owner.name);
        assertEquals(List.of("reverse-text"), names(byName));
        assertEquals("Reverse_Text", byName.getString("items[0].displayName"));
        assertEquals(owner.name, byName.getString("items[0].owner"));
        assertEquals(List.of("math-solver"), names(search(null, "q", "arithmetic", "owner", owner.name)));
        assertEquals(List.of("math-solver"), names(search(null, "q", "solving problems", "owner", owner.name)));
        JsonPath byReadme = search(null, "q", "zq" + run);
        assertEquals(1, byReadme.getInt("total"));
        assertEquals(List.of("chess-arena"), names(byReadme));
        assertEquals(0, search(null, "q", "nothing-like-" + run).getInt("total"));
    }

    @Test
    void toleratesTyposInNames() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("typo-" + run);
        fixtures.environment(owner, "reverse-text", "Reverse a given text", "public", List.of("text"), null);
        fixtures.environment(owner, "sudoku-solver", "Fill in the grid", "public", List.of("puzzles"), null);

        assertEquals("reverse-text", names(search(null, "q", "revrse-text", "owner", owner.name)).get(0));
        assertEquals("reverse-text", names(search(null, "q", "Reverse_Txt", "owner", owner.name)).get(0));
        assertEquals("sudoku-solver", names(search(null, "q", "sudoko solver", "owner", owner.name)).get(0));
    }

    @Test
    void filtersByAllTagsAndCountsFacetsOverTheWholeResult() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("tags-" + run);
        String a = "a-" + run;
        String b = "b-" + run;
        String c = "c-" + run;
        fixtures.environment(owner, "env-ab", "one", "public", List.of(a, b), null);
        fixtures.environment(owner, "env-abc", "two", "public", List.of(a, b, c), null);
        fixtures.environment(owner, "env-a", "three", "public", List.of(a), null);
        fixtures.environment(owner, "env-bc", "four", "public", List.of(b, c), null);

        JsonPath onlyA = search(null, "tag", a, "size", 1);
        assertEquals(3, onlyA.getInt("total"));
        assertEquals(1, onlyA.getList("items").size());
        assertEquals(Map.of(a, 3, b, 2, c, 1), facets(onlyA));

        JsonPath aAndB = search(null, "tag", a, "tag", b, "sort", "name");
        assertEquals(2, aAndB.getInt("total"));
        assertEquals(List.of("env-ab", "env-abc"), names(aAndB));
        assertEquals(Map.of(a, 2, b, 2, c, 1), facets(aAndB));

        assertEquals(List.of("env-abc"), names(search(null, "tag", a, "tag", b, "tag", c.toUpperCase())));
        JsonPath ownerFacets = search(null, "owner", owner.name.toUpperCase());
        assertEquals(4, ownerFacets.getInt("total"));
        assertEquals(Map.of(a, 3, b, 3, c, 2), facets(ownerFacets));
        assertEquals(List.of(a, b, c), ownerFacets.getList("facets.tags.tag"), "facets by count, then tag");
    }

    private static Map<String, Integer> facets(JsonPath res) {
        Map<String, Integer> out = new HashMap<>();
        List<Map<String, Object>> tags = res.getList("facets.tags");
        for (Map<String, Object> t : tags) {
            out.put((String) t.get("tag"), ((Number) t.get("count")).intValue());
        }
        return out;
    }

    @Test
    void sortsAndPages() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("sorts-" + run);
        OffsetDateTime now = OffsetDateTime.now();
        Environment alpha = fixtures.environment(owner, "alpha", "tool use agent", "public", List.of(), null);
        Environment bravo = fixtures.environment(owner, "bravo", "tool use agent", "public", List.of(), null);
        Environment charlie = fixtures.environment(owner, "charlie", "agent", "public", List.of(), null);
        Environment delta = fixtures.environment(owner, "delta", "agent", "public", List.of(), null);
        Environment echo = fixtures.environment(owner, "echo", "agent", "public", List.of(), null);
        fixtures.counters(alpha, 10, 5, now.minusDays(4));
        fixtures.counters(bravo, 50, 1, now.minusDays(1));
        fixtures.counters(charlie, 30, 9, now.minusDays(3));
        fixtures.counters(delta, 20, 7, now.minusDays(2));
        fixtures.counters(echo, 40, 3, now);

        assertEquals(List.of("bravo", "echo", "charlie", "delta", "alpha"), names(search(null, "owner", owner.name)),
                "downloads is the default without q");
        assertEquals(List.of("charlie", "delta", "alpha", "echo", "bravo"),
                names(search(null, "owner", owner.name, "sort", "stars")));
        assertEquals(List.of("echo", "bravo", "delta", "charlie", "alpha"),
                names(search(null, "owner", owner.name, "sort", "recent")));
        assertEquals(List.of("alpha", "bravo", "charlie", "delta", "echo"),
                names(search(null, "owner", owner.name, "sort", "name")));
        List<String> relevance = names(search(null, "owner", owner.name, "q", "tool use"));
        assertEquals(List.of("bravo", "alpha"), relevance, "only the two that mention tool use, ties by downloads");
        assertEquals(List.of("alpha", "bravo"), names(search(null, "owner", owner.name, "q", "tool", "sort", "name")));

        JsonPath page1 = search(null, "owner", owner.name, "sort", "name", "size", 2);
        JsonPath page3 = search(null, "owner", owner.name, "sort", "name", "size", 2, "page", 3);
        JsonPath page4 = search(null, "owner", owner.name, "sort", "name", "size", 2, "page", 4);
        assertEquals(List.of("alpha", "bravo"), names(page1));
        assertEquals(List.of("echo"), names(page3));
        assertEquals(List.of(), names(page4));
        for (JsonPath p : List.of(page1, page3, page4)) {
            assertEquals(5, p.getInt("total"));
            assertEquals(2, p.getInt("size"));
        }
        assertEquals(3, page3.getInt("page"));
        JsonPath defaults = search(null, "owner", owner.name);
        assertEquals(1, defaults.getInt("page"));
        assertEquals(20, defaults.getInt("size"));
        assertEquals(50, defaults.getInt("items[0].downloadCount"));
        assertEquals(1, defaults.getInt("items[0].starCount"));
        assertEquals("public", defaults.getString("items[0].visibility"));
        assertTrue(defaults.getString("items[0].updatedAt").length() > 10);
    }

    @Test
    void refusesBadParameters() {
        given().queryParam("size", 101).get("/api/v1/environments").then().statusCode(400)
                .contentType("application/problem+json").body("type", equalTo("https://envhub.dev/problems/invalid-page-size"));
        given().queryParam("size", 0).get("/api/v1/environments").then().statusCode(400);
        given().queryParam("page", 0).get("/api/v1/environments").then().statusCode(400);
        given().queryParam("page", "two").get("/api/v1/environments").then().statusCode(400);
        given().queryParam("sort", "popularity").get("/api/v1/environments").then().statusCode(400)
                .body("type", equalTo("https://envhub.dev/problems/invalid-sort"));
        given().queryParam("tag", "Not a tag!").get("/api/v1/environments").then().statusCode(400)
                .body("type", equalTo("https://envhub.dev/problems/invalid-tag"));
        given().queryParam("size", 100).get("/api/v1/environments").then().statusCode(200);
    }

    @Test
    void privateEnvironmentsAreInvisibleToOutsiders() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        String tag = "secret-" + run;
        String word = "zx" + RegistryFixtures.run();
        fixtures.environment(alice, "hidden-" + run, "private thing " + word, "private", List.of(tag), null);
        fixtures.environment(alice, "shown-" + run, "public thing", "public", List.of(tag), null);

        String sam = Tokens.forUser("sam", "sam");
        for (String token : new String[] {null, sam}) {
            assertEquals(0, search(token, "q", word).getInt("total"));
            JsonPath byTag = search(token, "tag", tag);
            assertEquals(1, byTag.getInt("total"));
            assertEquals(List.of("shown-" + run), names(byTag));
            assertEquals(Map.of(tag, 1), facets(byTag));
            assertEquals(1, search(token, "owner", "alice", "tag", tag).getInt("total"));
            assertFalse(names(search(token, "q", "hidden " + run)).contains("hidden-" + run));
        }
        for (String token : new String[] {Tokens.forUser("alice", "alice"), Tokens.forUser("ada", "ada")}) {
            assertEquals(List.of("hidden-" + run), names(search(token, "q", word)));
            JsonPath byTag = search(token, "tag", tag);
            assertEquals(2, byTag.getInt("total"));
            assertEquals(Map.of(tag, 2), facets(byTag));
            assertTrue(byTag.getList("items.visibility").contains("private"));
        }
    }

    @Test
    void unfilteredTotalsAndFacetsAreExactForEveryCaller() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        Owner other = fixtures.owner("plain-" + run);
        fixtures.environment(alice, "mine-" + run, "private", "private", List.of("text"), null);
        fixtures.environment(other, "theirs-" + run, "private", "private", List.of("text"), null);
        fixtures.environment(other, "open-" + run, "public", "public", List.of("text", "math"), null);

        long publicCount = count("SELECT count(*) FROM hub.environments WHERE visibility = 'public' AND unlisted_at IS NULL");
        // alice reads her own private environments and those of the organisations she belongs to (other tests make some)
        String aliceReads = " AND (owner_id = " + alice.id + " OR owner_id IN (SELECT org_id FROM hub.org_members WHERE user_id = "
                + alice.id + "))";
        long alicePrivate = count("SELECT count(*) FROM hub.environments WHERE visibility = 'private'" + aliceReads);
        long all = count("SELECT count(*) FROM hub.environments");
        assertEquals(publicCount, search(null).getInt("total"));
        assertEquals(publicCount, search(Tokens.forUser("sam", "sam")).getInt("total"));
        assertEquals(publicCount + alicePrivate, search(Tokens.forUser("alice", "alice")).getInt("total"));
        assertEquals(all, search(Tokens.forUser("ada", "ada")).getInt("total"));

        JsonPath anonymous = search(null, "size", 1);
        Map<String, Integer> expected = new HashMap<>();
        for (Object row : em.createNativeQuery("SELECT t, count(*) FROM hub.environments, unnest(tags) t"
                + " WHERE visibility = 'public' AND unlisted_at IS NULL GROUP BY t").getResultList()) {
            Object[] r = (Object[]) row;
            expected.put((String) r[0], ((Number) r[1]).intValue());
        }
        Map<String, Integer> actual = facets(anonymous);
        actual.forEach((t, n) -> assertEquals(expected.get(t), n, "count of tag " + t));
        assertEquals(Math.min(expected.size(), SearchSql.FACET_LIMIT), actual.size());
        long alicePrivateText = count("SELECT count(*) FROM hub.environments WHERE visibility = 'private' AND 'text' = ANY(tags)"
                + aliceReads);
        assertTrue(alicePrivateText >= 1);
        assertEquals(expected.get("text") + alicePrivateText, (long) facets(search(Tokens.forUser("alice", "alice"))).get("text"));
    }

    private long count(String sql) {
        return ((Number) em.createNativeQuery(sql).getSingleResult()).longValue();
    }

    @Test
    void tagCountsFollowSettingsChanges() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        String x = "x-" + run;
        String y = "y-" + run;
        fixtures.environment(alice, "moving-" + run, "moves between tags", "public", List.of(x, "text"), null);
        String path = "/api/v1/environments/alice/moving-" + run;
        String token = Tokens.forUser("alice", "alice");
        assertEquals(Map.of(x, 1, "text", 1), facets(search(null, "tag", x)));

        given().auth().oauth2(token).contentType("application/json").body(Map.of("tags", List.of(y))).patch(path)
                .then().statusCode(200);
        assertEquals(0, search(null, "tag", x).getInt("total"));
        assertEquals(Map.of(y, 1), facets(search(null, "tag", y)));

        long before = search(null).getLong("total");
        given().auth().oauth2(token).contentType("application/json").body(Map.of("visibility", "private")).patch(path)
                .then().statusCode(200);
        assertEquals(0, search(null, "tag", y).getInt("total"));
        assertEquals(before - 1, search(null).getLong("total"));
        assertEquals(1, search(token, "tag", y).getInt("total"));
        assertEquals(Map.of(y, 1), facets(search(token, "tag", y)));
        assertEquals(List.of("moving-" + run), names(search(Tokens.forUser("ada", "ada"), "tag", y)));
        assertEquals(count("SELECT count(*) FROM hub.environments WHERE visibility = 'public' AND unlisted_at IS NULL"),
                search(null).getLong("total"));
    }

    @Test
    void organisationMembersSeeTheOrganisationsPrivateEnvironments() {
        String run = RegistryFixtures.run();
        Owner org = fixtures.organisation("org-" + run, fixtures.user("alice"), "member");
        String tag = "org-" + run;
        fixtures.environment(org, "internal", "internal tool", "private", List.of(tag), null);

        String alice = Tokens.forUser("alice", "alice");
        assertEquals(List.of("internal"), names(search(alice, "tag", tag)));
        assertEquals(List.of("internal"), names(search(alice, "owner", org.name)));
        assertEquals(1, search(alice, "q", "internal", "owner", org.name).getInt("total"));
        given().auth().oauth2(alice).get("/api/v1/environments/{o}/internal", org.name).then().statusCode(200);
        String sam = Tokens.forUser("sam", "sam");
        assertEquals(0, search(sam, "tag", tag).getInt("total"));
        assertEquals(0, search(sam, "owner", org.name).getInt("total"));
        given().auth().oauth2(sam).get("/api/v1/environments/{o}/internal", org.name).then().statusCode(404);
    }
}
