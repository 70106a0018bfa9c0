package io.envhub.registry.search;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.agroal.api.AgroalDataSource;
import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AccessPolicy.ReadScope;
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
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A common word's candidates can be chosen in {@code hub.search_docs} (migration V19,
 * {@link SearchSql#narrowCandidates()}); the search then answers exactly what choosing them in {@code hub.environments}
 * answers, for every caller: here the most downloaded matches are a private environment (its owner finds it first,
 * others never) and an unlisted one (nobody's search shows it but its owner's). Which of the two a search takes depends
 * on the planner's estimate at 100,000 environments ({@link SearchSql#NARROW_ABOVE}); the statements are compared here
 * directly, as {@link SearchService} runs them, on a thousand matches.
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
    @Inject
    AgroalDataSource db;

    @Test
    void theNarrowCandidatesAnswerAsTheWideOnesForEveryCaller() throws SQLException {
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
        });
        List<String> top = List.of(word + "-" + n, word + "-" + (n - 1));
        List<String> alicesTop = List.of(word + "-private", word + "-" + n);

        for (String sort : List.of("downloads", "relevance", "trending")) {
            SearchRequest request = SearchRequest.parse(word, List.of(), null, sort, "1", "2");
            for (ReadScope scope : List.of(new ReadScope(false, List.of()), new ReadScope(false, List.of(alice.id)))) {
                SearchSql sql = new SearchSql(request, scope);
                assertTrue(sql.narrowCandidates(), sort);
                assertTrue(sql.filtered(SearchSql.Cap.ONE_PASS, true).sql().contains("hub.search_docs"));
                for (SearchSql.Cap cap : List.of(SearchSql.Cap.ONE_PASS, SearchSql.Cap.CAPPED)) {
                    List<String> narrow = names(sql.filtered(cap, true));
                    assertEquals(names(sql.filtered(cap, false)), narrow, sort + " " + cap + " " + scope);
                    if (!sort.equals("relevance")) {
                        assertEquals(scope.privateOwners().isEmpty() ? top : alicesTop, narrow, sort + " " + cap + " " + scope);
                    }
                }
            }
        }
        // a filter the narrow copy does not have: the candidates come from hub.environments
        assertFalse(new SearchSql(SearchRequest.parse(word, List.of("docs"), null, "downloads", "1", "2"),
                new ReadScope(false, List.of())).narrowCandidates());
        // and end to end
        for (String token : new String[] {null, Tokens.forUser("sam", "sam")}) {
            assertEquals(top, search(token, word).getList("items.name"));
        }
        assertEquals(alicesTop, search(Tokens.forUser("alice", "alice"), word).getList("items.name"));
    }

    /** The page's names of a search statement, run as {@link SearchService} runs a narrow one. */
    private List<String> names(SearchSql.Statement statement) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Connection c = db.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement settings = c.prepareStatement(SearchService.SESSION_SETTINGS
                    + ", set_config('enable_seqscan', 'off', true)")) {
                settings.execute();
            }
            try (PreparedStatement ps = SearchService.prepare(c, statement); ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString("name") != null) {
                        out.add(rs.getString("name"));
                    }
                }
            } finally {
                c.rollback();
            }
        }
        return out;
    }

    private static JsonPath search(String token, String q) {
        RequestSpecification req = given().queryParam("q", q).queryParam("sort", "downloads").queryParam("size", 2);
        if (token != null) {
            req = req.auth().oauth2(token);
        }
        return req.get("/api/v1/environments").then().statusCode(200).extract().jsonPath();
    }
}
