package io.envhub.registry.search;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Totals and facets count exactly the environments a list shows: an unlisted public environment is counted for no one
 * who does not see it listed (anonymous, another user), and for its owner and admins, who do see it. Listings (counter
 * tables) and filtered searches (a scan of the matches) alike, and the explore counts.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class SearchListedCountsTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    EntityManager em;

    private static JsonPath search(String token, Object... params) {
        RequestSpecification req = token == null ? given() : given().auth().oauth2(token);
        req = req.queryParam("size", 100);
        for (int i = 0; i < params.length; i += 2) {
            req = req.queryParam((String) params[i], params[i + 1]);
        }
        return req.get("/api/v1/environments").then().statusCode(200).extract().jsonPath();
    }

    private static Map<String, Integer> facet(JsonPath res, String name) {
        Map<String, Integer> out = new TreeMap<>();
        List<Map<String, Object>> counts = res.getList("facets." + name);
        for (Map<String, Object> t : counts) {
            out.put((String) t.get("tag"), ((Number) t.get("count")).intValue());
        }
        return out;
    }

    /** The statuses facet without its zero entries. */
    private static Map<String, Integer> statuses(JsonPath res) {
        Map<String, Integer> out = new TreeMap<>();
        Map<String, Object> counts = res.getMap("facets.statuses");
        counts.forEach((code, n) -> {
            if (((Number) n).intValue() > 0) {
                out.put(code, ((Number) n).intValue());
            }
        });
        return out;
    }

    /** The tag facet counted from the listed rows themselves. */
    private static Map<String, Integer> tagsOfRows(JsonPath res) {
        Map<String, Integer> out = new TreeMap<>();
        List<List<String>> tags = res.getList("items.tags");
        tags.forEach(list -> list.forEach(t -> out.merge(t, 1, Integer::sum)));
        return out;
    }

    /** The statuses facet counted from the listed rows themselves. */
    private static Map<String, Integer> statusesOfRows(JsonPath res) {
        Map<String, Integer> out = new TreeMap<>();
        List<String> codes = res.getList("items.trustStatus");
        codes.stream().filter(c -> c != null).forEach(c -> out.merge(c, 1, Integer::sum));
        return out;
    }

    private void update(Environment env, String set) {
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE hub.environments SET " + set + " WHERE id = ?1")
                .setParameter(1, env.id).executeUpdate());
    }

    private long count(String sql) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(sql).getSingleResult()).longValue());
    }

    /** Every count of the answer equals what its rows show (they all fit on the page). */
    private static void agrees(JsonPath res, String what) {
        List<String> names = res.getList("items.name");
        assertEquals(names.size(), res.getInt("total"), what + ": total = rows");
        assertEquals(tagsOfRows(res), facet(res, "tags"), what + ": tag facet = rows' tags");
        assertEquals(statusesOfRows(res), statuses(res), what + ": statuses facet = rows' verdicts");
        Map<String, Integer> licences = facet(res, "licenses");
        assertEquals(names.size(), licences.values().stream().mapToInt(Integer::intValue).sum(), what + ": licences = rows");
    }

    @Test
    void countsOfEveryListingAgreeWithItsRows() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        Owner other = fixtures.owner("listed-" + run);
        String tag = "ul-" + run;
        Environment shown = fixtures.environment(alice, "shown-" + run, "listed", "public", List.of(tag, "text"), null);
        Environment hidden = fixtures.environment(alice, "hidden-" + run, "unlisted", "public", List.of(tag, "text", "math"), null);
        Environment theirs = fixtures.environment(other, "theirs-" + run, "unlisted", "public", List.of(tag, "text"), null);
        List<Environment> made = List.of(shown, hidden, theirs);
        try {
            for (Environment e : made) {
                update(e, "trust_status = 'verified', validated_version = '1.0', validated_at = now(), license = 'MIT'");
            }
            update(hidden, "unlisted_at = now(), unlist_reason = 'spam'");
            update(theirs, "unlisted_at = now(), unlist_reason = 'spam'");

            String sam = Tokens.forUser("sam", "sam");
            String aliceToken = Tokens.forUser("alice", "alice");
            String ada = Tokens.forUser("ada", "ada");
            Map<String, List<String>> sees = new TreeMap<>();
            sees.put("anonymous", List.of("shown-" + run));
            sees.put("sam", List.of("shown-" + run));
            sees.put("alice (owner)", List.of("hidden-" + run, "shown-" + run));
            sees.put("ada (admin)", List.of("hidden-" + run, "shown-" + run, "theirs-" + run));
            Map<String, String> tokens = new TreeMap<>();
            tokens.put("sam", sam);
            tokens.put("alice (owner)", aliceToken);
            tokens.put("ada (admin)", ada);
            for (Map.Entry<String, List<String>> caller : sees.entrySet()) {
                String token = tokens.get(caller.getKey());
                List<Object[]> queries = new ArrayList<>();
                queries.add(new Object[] {"tag", tag, "sort", "name"}); // listing: counter tables
                queries.add(new Object[] {"tag", tag, "sort", "name", "validated", "true"});
                queries.add(new Object[] {"tag", tag, "sort", "name", "status", "verified"});
                queries.add(new Object[] {"tag", tag, "tag", "text", "sort", "name"}); // two tags: a scan of the matches
                queries.add(new Object[] {"tag", tag, "license", "MIT", "sort", "name"});
                for (Object[] q : queries) {
                    JsonPath res = search(token, q);
                    String what = caller.getKey() + " " + List.of(q);
                    assertEquals(caller.getValue(), res.getList("items.name"), what + ": rows");
                    agrees(res, what);
                }
                JsonPath listing = search(token, "tag", tag, "sort", "name");
                assertEquals(caller.getValue().contains("hidden-" + run) ? Map.of(tag, caller.getValue().size(),
                                "text", caller.getValue().size(), "math", 1) : Map.of(tag, caller.getValue().size(),
                                "text", caller.getValue().size()), facet(listing, "tags"), caller.getKey());
                assertEquals(Map.of("verified", caller.getValue().size()), statuses(listing), caller.getKey());
                assertEquals(Map.of("MIT", caller.getValue().size()), facet(listing, "licenses"), caller.getKey());
            }

            // the unfiltered listing (counters for everything) and the explore counts, against the table
            String listed = "visibility = 'public' AND unlisted_at IS NULL";
            long listedCount = count("SELECT count(*) FROM hub.environments WHERE " + listed);
            assertEquals(listedCount, search(null).getLong("total"));
            assertEquals(listedCount, search(sam).getLong("total"));
            String aliceReads = "(owner_id = " + alice.id + " OR owner_id IN (SELECT org_id FROM hub.org_members WHERE user_id = "
                    + alice.id + "))";
            assertEquals(listedCount + count("SELECT count(*) FROM hub.environments WHERE NOT (" + listed + ") AND " + aliceReads),
                    search(aliceToken).getLong("total"));
            assertEquals(count("SELECT count(*) FROM hub.environments"), search(ada).getLong("total"));
            assertEquals(count("SELECT count(*) FROM hub.environments WHERE " + listed + " AND 'text' = ANY(tags)"),
                    (long) facet(search(null, "size", 1), "tags").get("text"));
            JsonPath explore = given().get("/api/v1/explore").then().statusCode(200).extract().jsonPath();
            assertEquals(listedCount, explore.getLong("counts.environments"));
            assertEquals(count("SELECT count(*) FROM hub.environments WHERE " + listed + " AND validated_version IS NOT NULL"
                            + " AND trust_status IN ('verified', 'flagged')"),
                    explore.getLong("counts.validatedEnvironments"));

            // relisting counts it again for everyone, unlisting again takes it out (the counters follow unlisted_at)
            update(hidden, "unlisted_at = NULL, unlist_reason = NULL");
            assertEquals(2, search(null, "tag", tag).getInt("total"));
            assertEquals(Map.of("verified", 2), statuses(search(sam, "tag", tag)));
            assertEquals(2, search(null, "tag", tag, "validated", "true").getInt("total"));
            update(hidden, "unlisted_at = now()");
            JsonPath again = search(null, "tag", tag, "sort", "name");
            assertEquals(List.of("shown-" + run), again.getList("items.name"));
            agrees(again, "unlisted again");
            assertFalse(facet(again, "tags").containsKey("math"), "the unlisted environment's own tag is no facet");
            assertTrue(search(aliceToken, "tag", "math").getList("items.name").contains("hidden-" + run));
        } finally {
            QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("DELETE FROM hub.environments WHERE id = ANY(?1)")
                    .setParameter(1, made.stream().map(e -> e.id).toArray(Long[]::new)).executeUpdate());
        }
    }
}
