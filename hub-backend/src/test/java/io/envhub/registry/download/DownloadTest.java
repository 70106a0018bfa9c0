package io.envhub.registry.download;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.format.hash.Sha256;
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
import io.restassured.response.Response;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Counted downloads through presigned URLs, and the daily chart. */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class DownloadTest {
    @Inject
    RegistryFixtures fixtures;

    @Inject
    EntityManager em;

    @Test
    void downloadRedirectsToTheWheelAndCountsExactlyOnce() throws Exception {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("dl-" + run);
        Environment env = fixtures.environment(owner, "Download_Me", "Download me", "public", List.of(), null);
        fixtures.publish(env, "1.0.0");
        String sha256 = (String) em.createNativeQuery("SELECT a.sha256 FROM hub.artifacts a JOIN hub.versions v"
                + " ON v.id = a.version_id WHERE v.environment_id = ?1").setParameter(1, env.id).getSingleResult();
        long before = downloads(env);

        Response res = given().redirects().follow(false)
                .get("/api/v1/environments/{o}/Download_Me/versions/1.0/download", owner.name);
        assertEquals(302, res.statusCode());
        assertEquals(sha256, res.header("X-Checksum-Sha256"));
        String location = res.header("Location");
        assertTrue(location.contains("X-Amz-Signature") || location.contains("Signature"), location);

        HttpResponse<byte[]> wheel = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(location)).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(200, wheel.statusCode());
        assertEquals(sha256, Sha256.hex(Sha256.digest(wheel.body())));
        assertArrayEquals(new byte[] {'P', 'K'}, java.util.Arrays.copyOf(wheel.body(), 2));
        assertEquals("attachment; filename=\"download_me-1.0.0-py3-none-any.whl\"",
                wheel.headers().firstValue("Content-Disposition").orElse(null), "a browser saves it under the wheel's name");

        assertEquals(before + 1, downloads(env));
        assertEquals(1L, today(env));
        given().redirects().follow(false).get("/api/v1/environments/{o}/download-me/versions/1.0.0/download", owner.name)
                .then().statusCode(302);
        assertEquals(before + 2, downloads(env));
        assertEquals(2L, today(env));
        given().get("/api/v1/environments/{o}/download-me", owner.name).then().statusCode(200)
                .body("downloadCount", org.hamcrest.Matchers.equalTo(2));

        given().redirects().follow(false).get("/api/v1/environments/{o}/download-me/versions/9.9/download", owner.name)
                .then().statusCode(404);
        assertEquals(before + 2, downloads(env));
    }

    @Test
    void yankedVersionsStillDownloadByExactVersion() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("yank-" + run);
        Environment env = fixtures.environment(owner, "yanked", "Yanked", "public", List.of(), null);
        fixtures.publish(env, "1.0");
        fixtures.yank(env, "1.0", "bad");
        given().redirects().follow(false).get("/api/v1/environments/{o}/yanked/versions/1.0/download", owner.name)
                .then().statusCode(302);
        assertEquals(1L, downloads(env));
    }

    @Test
    void historyIsZeroFilledOldestFirst() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("hist-" + run);
        Environment env = fixtures.environment(owner, "charted", "Charted", "public", List.of(), null);
        fixtures.publish(env, "1.0");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        insertDay(env, today.minusDays(3), 5);
        insertDay(env, today.minusDays(40), 9);
        given().redirects().follow(false).get("/api/v1/environments/{o}/charted/versions/1.0/download", owner.name)
                .then().statusCode(302);

        JsonPath days = given().get("/api/v1/environments/{o}/charted/downloads", owner.name).then().statusCode(200)
                .extract().jsonPath();
        assertEquals(30, days.getList("day").size());
        assertEquals(today.minusDays(29).toString(), days.getString("[0].day"));
        assertEquals(today.toString(), days.getString("[29].day"));
        assertEquals(1, days.getInt("[29].count"));
        assertEquals(5, days.getInt("[26].count"));
        assertEquals(6, days.getList("count", Integer.class).stream().mapToInt(Integer::intValue).sum());

        JsonPath week = given().queryParam("days", 7).get("/api/v1/environments/{o}/charted/downloads", owner.name)
                .then().statusCode(200).extract().jsonPath();
        assertEquals(7, week.getList("day").size());
        assertEquals(15, given().queryParam("days", 41).get("/api/v1/environments/{o}/charted/downloads", owner.name)
                .then().statusCode(200).extract().jsonPath().getList("count", Integer.class).stream()
                .mapToInt(Integer::intValue).sum());
        given().queryParam("days", 0).get("/api/v1/environments/{o}/charted/downloads", owner.name).then().statusCode(400);
        given().queryParam("days", 366).get("/api/v1/environments/{o}/charted/downloads", owner.name).then().statusCode(400);
    }

    @Test
    void privateDownloadsAreNotFoundForOutsiders() {
        String run = RegistryFixtures.run();
        Owner alice = fixtures.user("alice");
        Environment env = fixtures.environment(alice, "private-dl-" + run, "secret", "private", List.of(), null);
        fixtures.publish(env, "1.0");
        String path = "/api/v1/environments/alice/private-dl-" + run + "/versions/1.0/download";

        given().redirects().follow(false).get(path).then().statusCode(404);
        given().redirects().follow(false).auth().oauth2(Tokens.forUser("sam", "sam")).get(path).then().statusCode(404);
        given().get("/api/v1/environments/alice/private-dl-" + run + "/downloads").then().statusCode(404);
        assertEquals(0L, downloads(env));
        given().redirects().follow(false).auth().oauth2(Tokens.forUser("alice", "alice")).get(path).then().statusCode(302);
        given().redirects().follow(false).auth().oauth2(Tokens.forUser("ada", "ada")).get(path).then().statusCode(302);
        assertEquals(2L, downloads(env));
    }

    private long downloads(Environment env) {
        return ((Number) em.createNativeQuery("SELECT download_count FROM hub.environments WHERE id = ?1")
                .setParameter(1, env.id).getSingleResult()).longValue();
    }

    private long today(Environment env) {
        return ((Number) em.createNativeQuery("SELECT coalesce(sum(count), 0) FROM hub.downloads_daily WHERE environment_id = ?1"
                + " AND day = (now() AT TIME ZONE 'UTC')::date").setParameter(1, env.id).getSingleResult()).longValue();
    }

    @jakarta.transaction.Transactional
    void insertDay(Environment env, LocalDate day, long count) {
        em.createNativeQuery("INSERT INTO hub.downloads_daily (environment_id, day, count) VALUES (?1, ?2, ?3)")
                .setParameter(1, env.id).setParameter(2, day).setParameter(3, count).executeUpdate();
    }
}
