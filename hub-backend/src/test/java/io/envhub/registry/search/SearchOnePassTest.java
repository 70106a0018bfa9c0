package io.envhub.registry.search;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A search with words runs without a probe ({@link SearchSql.Cap#GUARDED}, {@link SearchSql.Cap#ONE_PASS}): whichever
 * way the planner's estimate sends it, the answer is the one the probe gave, exact up to {@link SearchSql#TOP_K_CAP}
 * matches and "about N" from its best candidates above.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class SearchOnePassTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    EntityManager em;

    /** Inserts {@code n} environments {@code word-1..n} (downloads 1..n) whose summary has the word, plus the word itself. */
    private void seed(Owner owner, String word, int n, boolean analyze) {
        QuarkusTransaction.requiringNew().run(() -> {
            em.createNativeQuery("INSERT INTO hub.environments (owner_id, name, display_name, summary, download_count)"
                    + " SELECT ?1, ?3 || '-' || g, ?3 || '-' || g, 'a ' || ?3 || ' environment', g"
                    + " FROM generate_series(1, ?2) g").setParameter(1, owner.id).setParameter(2, n).setParameter(3, word)
                    .executeUpdate();
            em.createNativeQuery("INSERT INTO hub.environments (owner_id, name, display_name, summary, download_count)"
                    + " VALUES (?1, ?2, ?2, 'the ' || ?2 || ' itself', 0)").setParameter(1, owner.id).setParameter(2, word)
                    .executeUpdate();
            if (analyze) {
                em.createNativeQuery("ANALYZE hub.environments").executeUpdate();
            }
        });
    }

    private static JsonPath search(String q, String sort, int size) {
        return given().queryParam("q", q).queryParam("sort", sort).queryParam("size", size).get("/api/v1/environments")
                .then().statusCode(200).extract().jsonPath();
    }

    @Test
    void aCommonWordThePlannerDoesNotKnowYetIsStillCapped() {
        String run = RegistryFixtures.run();
        String word = "plimbrot" + run.replaceAll("[^a-z]", "");
        int n = SearchSql.TOP_K_CAP + 200;
        // analyzed before the rows exist: the planner expects (almost) no match, so the first pass is GUARDED and
        // finds more than the cap
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("ANALYZE hub.environments").executeUpdate());
        seed(fixtures.owner("onepass-" + run), word, n, false);
        JsonPath relevance = search(word, "relevance", 3);
        assertTrue(relevance.getBoolean("approximate"));
        assertTrue(relevance.getLong("total") > SearchSql.TOP_K_CAP, "about N, N " + relevance.getLong("total"));
        assertEquals(List.of(word, word + "-" + n, word + "-" + (n - 1)), relevance.getList("items.name"));
        JsonPath downloads = search(word, "downloads", 2);
        assertTrue(downloads.getBoolean("approximate"));
        assertEquals(List.of(word + "-" + n, word + "-" + (n - 1)), downloads.getList("items.name"));
    }

    @Test
    void exactlyTheCapIsExactAndOneMoreIsAbout() {
        String run = RegistryFixtures.run();
        String letters = run.replaceAll("[^a-z]", "");
        Owner owner = fixtures.owner("onepass-cap-" + run);
        // the cap: the word in TOP_K_CAP environments (the exact name is one of them)
        String atCap = "quindle" + letters;
        seed(owner, atCap, SearchSql.TOP_K_CAP - 1, true);
        JsonPath exact = search(atCap, "name", 100);
        assertFalse(exact.getBoolean("approximate"));
        assertEquals(SearchSql.TOP_K_CAP, exact.getLong("total"));
        assertEquals(atCap, exact.getList("items.name").get(0));
        // one more: ranked from the best candidates, the total estimated
        String aboveCap = "vorpent" + letters;
        seed(owner, aboveCap, SearchSql.TOP_K_CAP, true);
        JsonPath about = search(aboveCap, "relevance", 2);
        assertTrue(about.getBoolean("approximate"));
        assertEquals(List.of(aboveCap, aboveCap + "-" + SearchSql.TOP_K_CAP), about.getList("items.name"));
    }
}
