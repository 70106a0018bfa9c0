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
 * A very common word (more matches than {@link SearchSql#TOP_K_CAP}) is answered from its best candidates: the total is
 * an estimate flagged {@code approximate} ("about N"), the most downloaded come first, and an exact name still wins.
 * A rarer word keeps the exact total.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class SearchTopKTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    EntityManager em;

    @Test
    void aVeryCommonWordIsRankedFromItsBestCandidatesWithAnEstimatedTotal() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("topk-" + run);
        int n = SearchSql.TOP_K_CAP + 300;
        QuarkusTransaction.requiringNew().run(() -> {
            em.createNativeQuery("INSERT INTO hub.environments (owner_id, name, display_name, summary, download_count, license,"
                    + " tags) SELECT ?1, 'zorbly-' || g, 'zorbly-' || g, 'a zorbly quokkafish environment', g, 'Zorbly-1.0',"
                    + " '{physics}'"
                    + " FROM generate_series(1, ?2) g").setParameter(1, owner.id).setParameter(2, n).executeUpdate();
            em.createNativeQuery("INSERT INTO hub.environments (owner_id, name, display_name, summary, download_count)"
                    + " VALUES (?1, 'quokkafish', 'quokkafish', 'the quokkafish itself', 0)").setParameter(1, owner.id)
                    .executeUpdate();
            em.createNativeQuery("ANALYZE hub.environments").executeUpdate();
        });
        JsonPath common = given().queryParam("q", "quokkafish").queryParam("size", 5).get("/api/v1/environments")
                .then().statusCode(200).extract().jsonPath();
        assertTrue(common.getBoolean("approximate"));
        assertTrue(common.getLong("total") > SearchSql.TOP_K_CAP, "about N, N " + common.getLong("total"));
        // the exact name first although it is the least downloaded (always a candidate); then, at equal rank, the most
        // downloaded
        assertEquals(List.of("quokkafish", "zorbly-" + n, "zorbly-" + (n - 1)), common.getList("items.name").subList(0, 3));
        // every facet is scaled to the estimate: tags, domains and licences alike (all but the exact name have them)
        long total = common.getLong("total");
        for (String facet : List.of("tags", "domains", "licenses")) {
            List<Integer> counts = common.getList("facets." + facet + ".count", Integer.class);
            assertEquals(1, counts.size(), facet);
            assertTrue(counts.get(0) > SearchSql.TOP_K_CAP && counts.get(0) <= total, facet + " " + counts + " of " + total);
        }
        // sort by downloads: exactly the top ones
        JsonPath byDownloads = given().queryParam("q", "quokkafish").queryParam("sort", "downloads").queryParam("size", 3)
                .get("/api/v1/environments").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("zorbly-" + n, "zorbly-" + (n - 1), "zorbly-" + (n - 2)), byDownloads.getList("items.name"));
        // a rarer word: exact
        JsonPath rare = given().queryParam("q", "zorbly-7").get("/api/v1/environments").then().statusCode(200)
                .extract().jsonPath();
        assertFalse(rare.getBoolean("approximate"));
    }
}
