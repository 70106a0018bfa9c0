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
import org.junit.jupiter.api.Test;

/**
 * A common word's candidates are chosen in {@code hub.search_docs} (migration V19, {@link SearchSql#narrowCandidates()})
 * and still only among what the caller may read: the most downloaded matches here are a private environment (its owner
 * finds it first, others never) and an unlisted one (nobody's search shows it but its owner's). A filter the narrow copy
 * does not have (a tag) gives the same order through {@code hub.environments}.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class SearchDocsTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    EntityManager em;

    @Test
    void theNarrowCandidatesKeepWhoMayReadWhat() {
        String run = RegistryFixtures.run();
        String word = "grelkin" + run.replaceAll("[^a-z]", "");
        Owner alice = fixtures.user("alice");
        Owner other = fixtures.owner("docs-" + run);
        int n = SearchSql.TOP_K_CAP + 100;
        QuarkusTransaction.requiringNew().run(() -> {
            em.createNativeQuery("INSERT INTO hub.environments (owner_id, name, display_name, summary, download_count, tags)"
                    + " SELECT ?1, ?3 || '-' || g, ?3 || '-' || g, 'a ' || ?3 || ' environment', g, '{docs}'"
                    + " FROM generate_series(1, ?2) g").setParameter(1, other.id).setParameter(2, n).setParameter(3, word)
                    .executeUpdate();
            // the two most downloaded: alice's private one and another owner's unlisted one
            em.createNativeQuery("INSERT INTO hub.environments (owner_id, name, display_name, summary, download_count, tags,"
                    + " visibility) VALUES (?1, ?2, ?2, 'private ' || ?3, 1000000, '{docs}', 'private')")
                    .setParameter(1, alice.id).setParameter(2, word + "-private").setParameter(3, word).executeUpdate();
            em.createNativeQuery("INSERT INTO hub.environments (owner_id, name, display_name, summary, download_count, tags,"
                    + " unlisted_at) VALUES (?1, ?2, ?2, 'unlisted ' || ?3, 999999, '{docs}', now())")
                    .setParameter(1, other.id).setParameter(2, word + "-unlisted").setParameter(3, word).executeUpdate();
            em.createNativeQuery("ANALYZE hub.environments").executeUpdate();
            em.createNativeQuery("ANALYZE hub.search_docs").executeUpdate();
        });

        List<String> top = List.of(word + "-" + n, word + "-" + (n - 1));
        for (String token : new String[] {null, Tokens.forUser("sam", "sam")}) {
            JsonPath anyone = search(token, word, null);
            assertTrue(anyone.getBoolean("approximate"));
            assertEquals(top, anyone.getList("items.name"));
            assertEquals(top, search(token, word, "docs").getList("items.name"), "through hub.environments: the same");
        }
        JsonPath owner = search(Tokens.forUser("alice", "alice"), word, null);
        assertEquals(List.of(word + "-private", word + "-" + n), owner.getList("items.name"));
        assertEquals(owner.getList("items.name"), search(Tokens.forUser("alice", "alice"), word, "docs").getList("items.name"));
        assertFalse(owner.getList("items.name").contains(word + "-unlisted"));
    }

    private static JsonPath search(String token, String q, String tag) {
        RequestSpecification req = given().queryParam("q", q).queryParam("sort", "downloads").queryParam("size", 2);
        if (token != null) {
            req = req.auth().oauth2(token);
        }
        if (tag != null) {
            req = req.queryParam("tag", tag);
        }
        return req.get("/api/v1/environments").then().statusCode(200).extract().jsonPath();
    }
}
