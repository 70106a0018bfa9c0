package io.envhub.registry.index;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.quarkus.arc.Arc;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The index page cache: a page is rendered once per change and served from memory, and every event that changes what
 * it shows (publish, yank, delete, visibility, validation result, a column added later such as a quarantine flag,
 * changes made in SQL as another instance would) shows at the next request; ETag / If-None-Match answers 304.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class IndexCacheTest {
    private static final String JSON = "application/vnd.pypi.simple.v1+json";

    private static Response page(String name) {
        return given().accept(JSON).get("/simple/alice/" + name + "/");
    }

    private static List<String> versions(String name) {
        Response r = page(name);
        assertEquals(200, r.statusCode());
        return r.jsonPath().getList("versions");
    }

    private static Object yanked(String name, String filename) {
        JsonPath page = page(name).then().statusCode(200).extract().jsonPath();
        return page.get("files.find { it.filename == '" + filename + "' }.yanked");
    }

    private static int sql(String statement, boolean withoutTriggers) {
        EntityManager em = Arc.container().instance(EntityManager.class).get();
        return QuarkusTransaction.requiringNew().call(() -> {
            if (withoutTriggers) {
                em.createNativeQuery("SET LOCAL session_replication_role = replica").executeUpdate();
            }
            return em.createNativeQuery(statement).executeUpdate();
        });
    }

    @Test
    void anUnchangedPageAnswers304AndPublicPagesMayBeCachedButRevalidated() {
        IndexFixtures.pushed("cache-etag", "1.0", null);
        Response first = page("cache-etag");
        first.then().statusCode(200);
        String etag = first.header("ETag");
        assertTrue(etag != null && etag.startsWith("\""), etag);
        assertEquals("public, max-age=0, must-revalidate", first.header("Cache-Control"));
        Response again = given().accept(JSON).header("If-None-Match", etag).get("/simple/alice/cache-etag/");
        assertEquals(304, again.statusCode());
        assertEquals("", again.asString());
        assertEquals(etag, again.header("ETag"));
        given().accept(JSON).header("If-None-Match", "W/" + etag + ", \"other\"").get("/simple/alice/cache-etag/")
                .then().statusCode(304);
        // the HTML page is another representation: another tag
        Response html = given().get("/simple/alice/cache-etag/");
        html.then().statusCode(200);
        assertNotEquals(etag, html.header("ETag"));
        given().header("If-None-Match", etag).get("/simple/alice/cache-etag/").then().statusCode(200);
    }

    @Test
    void pagesComeFromTheCacheUntilTheProjectChanges() {
        IndexFixtures.pushed("cache-hit", "1.0", null);
        IndexFixtures.yank("cache-hit", "1.0", "first reason");
        assertEquals("first reason", yanked("cache-hit", "cache_hit-1.0-py3-none-any.whl"));
        // a write that bypasses the triggers does not change the stamp: the cached page is served, unchanged
        sql("UPDATE hub.versions SET yank_reason = 'sneaky' WHERE version = '1.0' AND environment_id ="
                + " (SELECT id FROM hub.environments WHERE name = 'cache-hit')", true);
        assertEquals("first reason", yanked("cache-hit", "cache_hit-1.0-py3-none-any.whl"));
        // the same write made normally (here in SQL, as another backend instance would) shows at once
        sql("UPDATE hub.versions SET yank_reason = 'second reason' WHERE version = '1.0' AND environment_id ="
                + " (SELECT id FROM hub.environments WHERE name = 'cache-hit')", false);
        assertEquals("second reason", yanked("cache-hit", "cache_hit-1.0-py3-none-any.whl"));
    }

    @Test
    void publishYankAndDeleteShowAtOnce() {
        IndexFixtures.pushed("cache-events", "1.0", null);
        assertEquals(List.of("1.0"), versions("cache-events"));
        String before = page("cache-events").header("ETag");
        IndexFixtures.pushed("cache-events", "2.0", null);
        assertEquals(List.of("1.0", "2.0"), versions("cache-events"));
        IndexFixtures.yank("cache-events", "2.0", "bad rewards");
        assertEquals("bad rewards", yanked("cache-events", "cache_events-2.0-py3-none-any.whl"));
        given().accept(JSON).header("If-None-Match", before).get("/simple/alice/cache-events/").then().statusCode(200);
        given().auth().oauth2(IndexFixtures.alice()).delete("/api/v1/environments/alice/cache-events/versions/2.0")
                .then().statusCode(204);
        assertEquals(List.of("1.0"), versions("cache-events"));
    }

    @Test
    void aValidationResultShowsAtOnce() {
        IndexFixtures.pushed("cache-verdict", "1.0", null);
        IndexFixtures.pushed("cache-verdict", "2.0", null, "validating");
        assertEquals(List.of("1.0"), versions("cache-verdict"));
        IndexFixtures.status("alice", "cache-verdict", "2.0", "validated");
        assertEquals(List.of("1.0", "2.0"), versions("cache-verdict"));
        IndexFixtures.status("alice", "cache-verdict", "1.0", "failed");
        assertEquals(List.of("2.0"), versions("cache-verdict"));
    }

    @Test
    void visibilityShowsAtOnceAndPrivatePagesAreNotSharedCacheable() {
        IndexFixtures.pushed("cache-visibility", "1.0", null);
        versions("cache-visibility");
        given().auth().oauth2(IndexFixtures.alice()).contentType("application/json").body(Map.of("visibility", "private"))
                .patch("/api/v1/environments/alice/cache-visibility").then().statusCode(200);
        page("cache-visibility").then().statusCode(404);
        Response own = given().auth().oauth2(IndexFixtures.alice()).accept(JSON).get("/simple/alice/cache-visibility/");
        own.then().statusCode(200);
        assertEquals("private, no-cache", own.header("Cache-Control"));
        given().auth().oauth2(IndexFixtures.alice()).contentType("application/json").body(Map.of("visibility", "public"))
                .patch("/api/v1/environments/alice/cache-visibility").then().statusCode(200);
        assertEquals(List.of("1.0"), versions("cache-visibility"));
    }

    @Test
    void aColumnAddedLaterInvalidatesToo() {
        // what a quarantine or unlisting flag added by a later migration would do: no change to the triggers needed
        IndexFixtures.pushed("cache-later", "1.0", null);
        String before = page("cache-later").header("ETag");
        sql("ALTER TABLE hub.versions ADD COLUMN cache_test_quarantined BOOLEAN NOT NULL DEFAULT false", false);
        try {
            sql("UPDATE hub.versions SET cache_test_quarantined = true WHERE environment_id ="
                    + " (SELECT id FROM hub.environments WHERE name = 'cache-later')", false);
            given().accept(JSON).header("If-None-Match", before).get("/simple/alice/cache-later/").then().statusCode(200);
            String after = page("cache-later").header("ETag");
            assertNotEquals(before, after);
            // counters that change on every download or star do not invalidate
            sql("UPDATE hub.environments SET download_count = download_count + 5, star_count = star_count + 1"
                    + " WHERE name = 'cache-later'", false);
            given().accept(JSON).header("If-None-Match", after).get("/simple/alice/cache-later/").then().statusCode(304);
            // any other column of the environment does
            sql("UPDATE hub.environments SET summary = 'changed' WHERE name = 'cache-later'", false);
            given().accept(JSON).header("If-None-Match", after).get("/simple/alice/cache-later/").then().statusCode(200);
        } finally {
            sql("ALTER TABLE hub.versions DROP COLUMN cache_test_quarantined", false);
        }
    }
}
