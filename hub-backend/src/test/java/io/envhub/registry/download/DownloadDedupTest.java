package io.envhub.registry.download;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.registry.RegistryFixtures;
import io.envhub.registry.SmallLimitsProfile;
import io.envhub.registry.model.Owner;
import io.envhub.registry.model.Environment;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.envhub.testsupport.S3ProxyTestResource;
import io.envhub.testsupport.Tokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Loops cannot inflate download counts: one client counts one download per environment per window (60 s here). */
@QuarkusTest
@TestProfile(SmallLimitsProfile.class)
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = S3ProxyTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
class DownloadDedupTest {
    @Inject
    RegistryFixtures fixtures;
    @Inject
    EntityManager em;
    @Inject
    DownloadCounter counter;

    private long downloads(Environment env) {
        return ((Number) em.createNativeQuery("SELECT download_count FROM hub.environments WHERE id = ?1")
                .setParameter(1, env.id).getSingleResult()).longValue();
    }

    private long today(Environment env) {
        return ((Number) em.createNativeQuery("SELECT coalesce(sum(count), 0) FROM hub.downloads_daily WHERE environment_id = ?1"
                + " AND day = (now() AT TIME ZONE 'UTC')::date").setParameter(1, env.id).getSingleResult()).longValue();
    }

    @Test
    void repeatedDownloadsOfOneClientCountOnce() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("dd-" + run);
        Environment env = fixtures.environment(owner, "looped", "Looped", "public", List.of(), null);
        fixtures.publish(env, "1.0.0");
        // an anonymous loop over the API and the package index: one count
        for (int i = 0; i < 25; i++) {
            given().redirects().follow(false).get("/api/v1/environments/{o}/looped/versions/1.0.0/download", owner.name)
                    .then().statusCode(302);
            given().redirects().follow(false).get("/simple/{o}/looped/looped-1.0.0-py3-none-any.whl", owner.name)
                    .then().statusCode(302);
        }
        counter.flush();
        assertEquals(1L, downloads(env));
        assertEquals(1L, today(env));
        // another client (a signed-in user, counted by account, not address) counts once too
        String sam = Tokens.forUser("sam", "sam");
        for (int i = 0; i < 5; i++) {
            given().redirects().follow(false).auth().oauth2(sam)
                    .get("/api/v1/environments/{o}/looped/versions/1.0.0/download", owner.name).then().statusCode(302);
        }
        counter.flush();
        assertEquals(2L, downloads(env));
        given().get("/api/v1/environments/{o}/looped", owner.name).then().statusCode(200)
                .body("downloadCount", org.hamcrest.Matchers.equalTo(2));
    }

    @Test
    void aDownloadAnotherInstanceCountedWithinTheWindowIsNotCountedAgain() {
        String run = RegistryFixtures.run();
        Owner owner = fixtures.owner("dx-" + run);
        Environment env = fixtures.environment(owner, "shared", "Shared", "public", List.of(), null);
        fixtures.publish(env, "1.0.0");
        // sam downloaded it through another instance a few seconds ago: that instance's flush recorded him
        String sam = Tokens.forUser("sam", "sam");
        given().auth().oauth2(sam).get("/api/v1/me").then().statusCode(200);
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("INSERT INTO hub.download_clients"
                        + " (client, environment_id, counted_at) SELECT 'u' || id, ?1, now() - interval '5 seconds'"
                        + " FROM hub.owners WHERE name = 'sam'").setParameter(1, env.id).executeUpdate());
        given().redirects().follow(false).auth().oauth2(sam)
                .get("/api/v1/environments/{o}/shared/versions/1.0.0/download", owner.name).then().statusCode(302);
        counter.flush();
        assertEquals(0L, downloads(env), "counted by the other instance already");
        // an anonymous client nobody counted yet is counted, and recorded for the other instances
        given().redirects().follow(false).get("/simple/{o}/shared/shared-1.0.0-py3-none-any.whl", owner.name)
                .then().statusCode(302);
        counter.flush();
        assertEquals(1L, downloads(env));
        assertEquals(1L, ((Number) em.createNativeQuery("SELECT count(*) FROM hub.download_clients WHERE environment_id = ?1"
                + " AND client LIKE 'ip%'").setParameter(1, env.id).getSingleResult()).longValue());
        // once the other instance's record is older than the window, sam counts again
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE hub.download_clients SET counted_at = now()"
                + " - interval '2 minutes' WHERE environment_id = ?1").setParameter(1, env.id).executeUpdate());
        given().redirects().follow(false).auth().oauth2(Tokens.forUser("sam", "sam"))
                .get("/api/v1/environments/{o}/shared/versions/1.0.0/download", owner.name).then().statusCode(302);
        counter.flush();
        assertEquals(1L, downloads(env), "this instance's own window still holds sam's download of a moment ago");
    }
}
