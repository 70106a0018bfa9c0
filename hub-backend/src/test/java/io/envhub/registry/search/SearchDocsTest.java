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
 * directly, as {@link SearchService} runs them, on a thousand matches, with the most downloaded quarter (migration V20)
 * holding enough of them and not.
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
    @Inject
    TopSearchDocs topDocs;

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

        // the most downloaded quarter (migration V20) holds all the word's matches, then too few of them (the search
        // reads hub.search_docs after it): the same answers either way
        for (long threshold : new long[] {0, 600}) {
            assertEquals(threshold == 0, topMatches(threshold, word) > SearchSql.TOP_K_CAP, "threshold " + threshold);
            assertNarrowAnswersAsWide(word, top, alicesTop, alice);
        }
        topMatches(0, word);
        // a filter the narrow copy does not have: the candidates come from hub.environments
        assertFalse(new SearchSql(SearchRequest.parse(word, List.of("docs"), null, "downloads", "1", "2"),
                new ReadScope(false, List.of())).narrowCandidates());
        // and end to end
        for (String token : new String[] {null, Tokens.forUser("sam", "sam")}) {
            assertEquals(top, search(token, word).getList("items.name"));
        }
        assertEquals(alicesTop, search(Tokens.forUser("alice", "alice"), word).getList("items.name"));
    }

    /**
     * Every instance asks now and then whether the most downloaded quarter has to be re-chosen ({@link TopSearchDocs}):
     * with nothing inside it, it is, at the quarter mark; asked again at once, it is not.
     */
    @Test
    void theTopQuarterIsReChosenWhenItsShareIsOutOfBounds() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("quarter-" + run);
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("INSERT INTO hub.environments (owner_id, name,"
                + " display_name, summary, download_count) SELECT ?1, 'quarter-' || g, 'quarter-' || g, 'a quarter', g"
                + " FROM generate_series(1, 8) g").setParameter(1, owner.id).executeUpdate());
        topMatches(Long.MAX_VALUE, "quarter");
        assertEquals(0, (long) QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(
                "SELECT count(*) FROM hub.search_docs_top").getSingleResult()).longValue()));
        assertTrue(topDocs.refresh());
        assertEquals(List.of(true), QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(
                "SELECT (SELECT download_count FROM hub.search_docs_top_threshold) = hub.search_docs_top_quarter_mark()")
                .getResultList()));
        assertFalse(topDocs.refresh());
    }

    /** Moves the most downloaded quarter's threshold to {@code threshold}; the word's matches there. */
    private long topMatches(long threshold, String word) {
        return QuarkusTransaction.requiringNew().call(() -> {
            em.createNativeQuery("SELECT count(*) FROM hub.move_search_docs_top(?1)").setParameter(1, threshold).getSingleResult();
            return ((Number) em.createNativeQuery("SELECT count(*) FROM hub.search_docs_top"
                    + " WHERE search @@ plainto_tsquery('simple', ?1)").setParameter(1, word).getSingleResult()).longValue();
        });
    }

    private void assertNarrowAnswersAsWide(String word, List<String> top, List<String> alicesTop, Owner alice)
            throws SQLException {
        for (String sort : List.of("downloads", "relevance", "trending")) {
            SearchRequest request = SearchRequest.parse(word, List.of(), null, sort, "1", "2");
            for (ReadScope scope : List.of(new ReadScope(false, List.of()), new ReadScope(false, List.of(alice.id)))) {
                SearchSql sql = new SearchSql(request, scope);
                assertTrue(sql.narrowCandidates(), sort);
                assertTrue(sql.filtered(SearchSql.Cap.ONE_PASS, true).sql().contains("hub.search_docs"));
                assertTrue(sql.planOnce(), sort);
                for (SearchSql.Cap cap : List.of(SearchSql.Cap.ONE_PASS, SearchSql.Cap.CAPPED)) {
                    List<String> narrow = names(sql.filtered(cap, true), AnswerPlan.NO_SEQUENTIAL_SCANS);
                    assertEquals(names(sql.filtered(cap, false), AnswerPlan.NO_SEQUENTIAL_SCANS), narrow,
                            sort + " " + cap + " " + scope);
                    // planned once for any word, as SearchService runs it: the same answer
                    assertEquals(narrow, names(sql.filtered(cap, true).plannedOnce(AnswerPlan.NO_SEQUENTIAL_SCANS),
                            AnswerPlan.NO_SEQUENTIAL_SCANS), sort + " " + cap + " " + scope + " planned once");
                    assertEquals("total " + SearchSql.TOP_K_CAP, narrow.get(0), sort + " " + cap + " " + scope);
                    if (!sort.equals("relevance")) {
                        assertEquals(scope.privateOwners().isEmpty() ? top : alicesTop, narrow.subList(1, narrow.size()),
                                sort + " " + cap + " " + scope);
                    }
                }
            }
        }
    }

    /**
     * A statement planned once is planned once per connection, for any values: two searches for different words on one
     * connection run one prepared statement with one generic plan and no plan made for their values, and each finds its
     * own word's environments.
     */
    @Test
    void aStatementPlannedOnceIsPlannedOncePerConnectionForAnyWord() throws SQLException {
        String run = RegistryFixtures.run();
        Owner other = fixtures.owner("once-" + run);
        List<String> words = List.of("plonkat" + run.replaceAll("[^a-z]", ""), "vrizzle" + run.replaceAll("[^a-z]", ""));
        QuarkusTransaction.requiringNew().run(() -> {
            for (String word : words) {
                em.createNativeQuery("INSERT INTO hub.environments (owner_id, name, display_name, summary, download_count)"
                        + " SELECT ?1, ?2 || '-' || g, ?2 || '-' || g, 'a ' || ?2 || ' environment', g"
                        + " FROM generate_series(1, 3) g").setParameter(1, other.id).setParameter(2, word).executeUpdate();
            }
        });
        try (Connection c = db.getConnection()) {
            long[] before = plans(c);
            for (String word : words) {
                SearchSql sql = new SearchSql(SearchRequest.parse(word, List.of(), null, "downloads", "1", "5"),
                        new ReadScope(false, List.of()));
                assertTrue(sql.planOnce());
                assertEquals(List.of("total 3", word + "-3", word + "-2", word + "-1"),
                        names(c, sql.filtered(SearchSql.Cap.GUARDED, false).plannedOnce(AnswerPlan.DEFAULT), AnswerPlan.DEFAULT));
            }
            long[] after = plans(c);
            // (the pool's connection may have prepared it for an earlier test already)
            assertTrue(after[0] - before[0] <= 1, "at most one new prepared statement for both words");
            assertEquals(2, after[1] - before[1], "both searches ran a generic plan");
            assertEquals(0, after[2] - before[2], "no plan made for a word's value");
        }
        // a required tag's frequency changes the plan: planned for its values each time
        assertFalse(new SearchSql(SearchRequest.parse(words.get(0), List.of("docs"), null, "downloads", "1", "2"),
                new ReadScope(false, List.of())).planOnce());
    }

    /** This connection's prepared statements planned once under the default plan, and their generic and custom plans. */
    private static long[] plans(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT count(*), coalesce(sum(generic_plans), 0),"
                + " coalesce(sum(custom_plans), 0) FROM pg_prepared_statements WHERE statement LIKE '/* search plan: default */%'");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3)};
        }
    }

    /** The page's names of a search statement, run as {@link SearchService} runs it under {@code plan}. */
    private List<String> names(SearchSql.Statement statement, AnswerPlan plan) throws SQLException {
        try (Connection c = db.getConnection()) {
            return names(c, statement, plan);
        }
    }

    private static List<String> names(Connection c, SearchSql.Statement statement, AnswerPlan plan) throws SQLException {
        List<String> out = new ArrayList<>();
        c.setAutoCommit(false);
        try (PreparedStatement settings = c.prepareStatement(SearchService.SESSION_SETTINGS)) {
            settings.execute();
        }
        try (PreparedStatement settings = c.prepareStatement(plan.settings(statement.planOnce()))) {
            settings.execute();
        }
        try (PreparedStatement ps = SearchService.prepare(c, statement); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                if (out.isEmpty()) {
                    // how many candidates were ranked: a search that missed some would count fewer
                    out.add("total " + rs.getLong("total"));
                }
                if (rs.getString("name") != null) {
                    out.add(rs.getString("name"));
                }
            }
        } finally {
            c.rollback();
            c.setAutoCommit(true);
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
